// Inline SVG icons used by the catalogue, the product page and the search (decorative: the
// control names itself), kept apart from ./icons.tsx so the layout's bundle stays small.
import { Icon } from "./icons";

export function FilterIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </Icon>
  );
}

export function ChevronLeftIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M15 5l-7 7 7 7" />
    </Icon>
  );
}

export function ChevronRightIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M9 5l7 7-7 7" />
    </Icon>
  );
}

export function TruckIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="17.5" r="1.5" />
      <circle cx="17" cy="17.5" r="1.5" />
    </Icon>
  );
}

export function ShieldIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z" />
      <path d="M9 12l2 2 4-4" />
    </Icon>
  );
}
