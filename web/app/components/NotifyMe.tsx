// "Notify me" on a product page: the form (./NotifyMeForm.tsx) is rendered by the server and, in
// the browser, loaded as a chunk of its own only when a size is sold out, so the form library
// it uses stays off every other product page.
import { type ComponentProps, lazy, Suspense } from "react";
import { NotifyMeForm } from "./NotifyMeForm";

const Form = import.meta.env.SSR
  ? NotifyMeForm
  : lazy(() => import("./NotifyMeForm").then((module) => ({ default: module.NotifyMeForm })));

export function NotifyMe(props: ComponentProps<typeof NotifyMeForm>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}
