import { StaticSection } from "../components/StaticSection";
import { COMPANY_LINKS } from "../lib/shop";

// The company pages' layout; /company/<unknown> is claimed by the catch-all ($.tsx → /product).
export default function CompanyLayout() {
  return <StaticSection title="Company" links={COMPANY_LINKS} />;
}
