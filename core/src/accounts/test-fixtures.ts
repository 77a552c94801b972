// What the accounts' tests share: a customer's address with every line filled in, the optional
// company and apartment included (what an anonymised order must drop or replace).
export const FULL_ADDRESS = {
  company: "García Textiles SL",
  address: "Calle Mayor 1",
  apartment: "3º B",
  country: "Spain",
  city: "Madrid",
  zipCode: "28013",
  phone: "+34 600 000 000",
};
