// The lifetime guarantee, as the product page shows it under "Add to cart".
import { Link } from "@remix-run/react";
import { ShieldIcon } from "./ui-icons";

export function GuaranteeNote() {
  return (
    <div className="mt-8 flex gap-3 rounded-lg bg-stone-50 p-4">
      <ShieldIcon className="size-6 shrink-0 text-accent-700" />
      <div>
        <p className="font-semibold text-stone-900">Lifetime Guarantee</p>
        <p className="mt-1 text-sm text-stone-600">
          If it ever fails because of how we made it, we repair or replace it, for as long as you
          own it.{" "}
          <Link to="/customer-service/warranty" className="font-medium text-accent-700 underline">
            About the guarantee
          </Link>
        </p>
      </div>
    </div>
  );
}
