// Shop-wide constants and navigation shared by the layout and the routes.

/** The shop's name: used in the logo, headings, titles and the copyright line. */
export const SHOP_NAME = "Threadline";

export const FREE_DELIVERY_BANNER = "Get free delivery on orders over 100 €";

/** Footer category links: the catalogue filtered by audience (lower case, as the spec asks). */
export const CATEGORY_LINKS = [
  { label: "Men", to: "/product?category=men" },
  { label: "Women", to: "/product?category=women" },
  { label: "Kid", to: "/product?category=kid" },
  { label: "Baby", to: "/product?category=baby" },
] as const;

export const COMPANY_LINKS = [
  { label: "Who we are", to: "/company/who-we-are" },
  { label: "Terms and conditions", to: "/company/terms-and-conditions" },
  { label: "Privacy", to: "/company/privacy" },
] as const;

export const CUSTOMER_SERVICE_LINKS = [
  { label: "Contact", to: "/customer-service/contact" },
  { label: "Shipping", to: "/customer-service/shipping" },
  { label: "Returns", to: "/customer-service/returns" },
  { label: "Warranty", to: "/customer-service/warranty" },
  { label: "Secure payment", to: "/customer-service/secure-payment" },
  { label: "FAQ", to: "/customer-service/faq" },
  { label: "Find a store", to: "/customer-service/find-a-store" },
] as const;
