import { StaticSection } from "../components/StaticSection";
import { CUSTOMER_SERVICE_LINKS } from "../lib/shop";

// The customer service pages' layout; unknown pages go to the catalogue via the catch-all.
export default function CustomerServiceLayout() {
  return <StaticSection title="Customer Service" links={CUSTOMER_SERVICE_LINKS} />;
}
