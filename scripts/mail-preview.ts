// npm run mail:preview: every e-mail of the shop rendered from its sample
// (core/src/mail/templates/samples.ts), each as HTML and as plain text, on
// http://localhost:3001 (PORT to change it). `?markup` puts "<script>alert(1)</script>" in
// every text a user or an admin typed, to see it arrive as text.
import { createServer } from "node:http";
import { type MailName, renderMail } from "@shop/core/server/mail";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { mailSamples } from "../core/src/mail/templates/samples.ts";

const MARKUP = "<script>alert(1)</script>";
const names = Object.keys(mailSamples) as MailName[];
const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? "127.0.0.1";

const render = (name: MailName, markup: boolean) =>
  renderMail(name, mailSamples[name](markup ? MARKUP : ""));

async function indexPage(): Promise<string> {
  const rows = await Promise.all(
    names.map(async (name) => {
      const { subject } = await render(name, false);
      return h(
        "tr",
        { key: name },
        h("td", null, h("code", null, name)),
        h("td", null, subject),
        h(
          "td",
          null,
          h("a", { href: `/${name}.html` }, "HTML"),
          " · ",
          h("a", { href: `/${name}.txt` }, "text"),
          " · ",
          h("a", { href: `/${name}.html?markup` }, "HTML with markup"),
          " · ",
          h("a", { href: `/${name}.txt?markup` }, "text with markup"),
        ),
      );
    }),
  );
  const page = h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Mail preview")),
    h(
      "body",
      { style: { fontFamily: "sans-serif", margin: "2rem" } },
      h("h1", null, `The shop's e-mails (${names.length})`),
      h(
        "table",
        { cellPadding: 6 },
        h("thead", null, h("tr", null, h("th", null, "mail"), h("th", null, "subject"), h("th"))),
        h("tbody", null, rows),
      ),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${host}`);
  const answer = async () => {
    if (url.pathname === "/") {
      return { type: "text/html; charset=utf-8", body: await indexPage() };
    }
    const match = /^\/([a-z-]+)\.(html|txt)$/.exec(url.pathname);
    const name = names.find((n) => n === match?.[1]);
    if (!match || !name) return null;
    const mail = await render(name, url.searchParams.has("markup"));
    return match[2] === "html"
      ? { type: "text/html; charset=utf-8", body: mail.html }
      : { type: "text/plain; charset=utf-8", body: `Subject: ${mail.subject}\n\n${mail.text}` };
  };
  answer().then(
    (found) => {
      res.writeHead(found ? 200 : 404, { "Content-Type": found?.type ?? "text/plain" });
      res.end(found?.body ?? "Not found");
    },
    (error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    },
  );
});

server.listen(port, host, () => {
  const shown = host === "127.0.0.1" ? "localhost" : host;
  console.log(`Mail preview: http://${shown}:${port}/ (${names.length} mails; Ctrl+C to stop)`);
});
