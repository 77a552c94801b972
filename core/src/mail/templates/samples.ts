// Sample props of every mail, for the preview (scripts/mail-preview.ts) and the test. Each takes
// `userText`, appended to every text a user or an admin typed (names, an address, a product, a
// message), so that the test can put markup there and see it arrive as text.
import type { MailName, MailProps } from "./mails.ts";

export const SAMPLE_SHOP_URL = "http://localhost:3000";

export const mailSamples: { [N in MailName]: (userText?: string) => MailProps[N] } = {
  "order-confirmation": (userText = "") => ({
    number: "TL-7K2M9QXA",
    total: "70.00 €",
    lines: [
      {
        quantity: 2,
        name: `Organic cotton crew T-shirt${userText}`,
        variant: "Navy, Medium",
        amount: "50.00 €",
      },
      { quantity: 1, name: "Merino beanie", variant: "Heather Grey, One size", amount: "15.00 €" },
    ],
    totals: [
      { label: "Subtotal", amount: "65.00 €" },
      { label: "Shipping", amount: "5.00 €" },
      { label: "Taxes", amount: "10.00 €" },
      { label: `Welcome offer: 10 € off${userText}`, amount: "-10.00 €" },
      { label: "Total", amount: "70.00 €" },
    ],
    deliveryMethod: "STANDARD",
    address: [`12 Calle Mayor${userText}`, "28013 Madrid", "Spain"],
    ordersUrl: `${SAMPLE_SHOP_URL}/order`,
  }),
  "order-shipped": (userText = "") => ({
    number: "TL-7K2M9QXA",
    deliveryMethod: "EXPRESS",
    address: ["Acme Ltd.", `12 Calle Mayor${userText}`, "28013 Madrid", "Spain"],
    ordersUrl: `${SAMPLE_SHOP_URL}/order`,
  }),
  "password-reset": (userText = "") => ({
    firstName: `Ana${userText}`,
    resetUrl: `${SAMPLE_SHOP_URL}/auth/reset-password?token=sample-token`,
  }),
  "email-confirmation": (userText = "") => ({
    firstName: `Ana${userText}`,
    email: "ana.new@example.com",
    change: true,
    confirmUrl: `${SAMPLE_SHOP_URL}/auth/confirm-email?token=sample-token`,
  }),
  "email-change-notice": (userText = "") => ({
    firstName: `Ana${userText}`,
    newEmail: "ana.new@example.com",
    securityUrl: `${SAMPLE_SHOP_URL}/user/security`,
  }),
  "contact-message": (userText = "") => ({
    firstName: `Ana${userText}`,
    lastName: `Garcia${userText}`,
    email: "ana.garcia@example.com",
    phone: `+34 600 000 000${userText}`,
    subject: `Where is my order?${userText}`,
    message: `Hello,\nmy parcel has not arrived yet.${userText}\n\nThank you, Ana`,
  }),
  newsletter: (userText = "") => ({
    subject: "Autumn arrivals",
    paragraphs: [
      ["Hello friends,", `new coats are in.${userText}`],
      ["Free shipping on orders over 50 € until Sunday."],
    ],
    unsubscribeUrl: `${SAMPLE_SHOP_URL}/user/unsubscribe-newsletter?email=ana.garcia%40example.com&token=sample-token`,
  }),
  "back-in-stock": (userText = "") => ({
    productName: `Organic cotton crew T-shirt${userText}`,
    size: "Medium",
    productUrl: `${SAMPLE_SHOP_URL}/product/organic-cotton-crew-t-shirt?size=M`,
  }),
  "return-requested": (userText = "") => ({
    rma: "RMA-4Q8ZK2MX",
    orderNumber: "TL-7K2M9QXA",
    lines: [
      { quantity: 1, name: `Organic cotton crew T-shirt${userText}`, variant: "Navy, Medium" },
      { quantity: 1, name: "Slim chinos", variant: "Sand, Large", exchangeFor: "Navy, Medium" },
    ],
    reason: "Too large",
    refund: "25.00 €",
    instructions: ["Pack the items with the return slip inside."],
    returnAddress: ["Threadline Returns", "Calle de la Industria 12", "28906 Getafe", "Spain"],
    slipUrl: `${SAMPLE_SHOP_URL}/order/returns/RMA-4Q8ZK2MX/slip`,
    returnUrl: `${SAMPLE_SHOP_URL}/order/returns/RMA-4Q8ZK2MX`,
  }),
  "return-refunded": (userText = "") => ({
    rma: "RMA-4Q8ZK2MX",
    orderNumber: "TL-7K2M9QXA",
    creditNoteNumber: "CN-4Q8ZK2MX",
    amount: "25.00 €",
    lines: [`1 × Organic cotton crew T-shirt${userText} (Medium)`],
    ordersUrl: `${SAMPLE_SHOP_URL}/order`,
  }),
};
