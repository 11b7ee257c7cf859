import type { TermsSection } from "./terms.ts";

/** A one-page legal text (privacy, cookies) in the style of the general terms. */
export default function LegalContent(
  { title, intro, updated, sections }: {
    title: string;
    intro: string;
    updated: string;
    sections: TermsSection[];
  },
) {
  return (
    <article class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 class="text-4xl font-bold tracking-tight text-ink">{title}</h1>
      <p class="mt-2 text-sm text-slate-600">Last updated {updated}</p>
      <p class="mt-6 text-lg leading-8 text-slate-700">{intro}</p>
      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} class="mt-10 scroll-mt-24">
          <h2 id={`${s.id}-title`} class="text-2xl font-bold text-ink">{s.title}</h2>
          {s.paragraphs.map((p) => <p key={p} class="mt-4 leading-7 text-slate-700">{p}</p>)}
        </section>
      ))}
    </article>
  );
}

export function privacySections(company: string, siteName: string): TermsSection[] {
  return [
    {
      id: "controller",
      title: "1. Who is responsible",
      paragraphs: [
        `${company}, a simplified joint-stock company with a capital of 5,000 euros and its registered office in Toulouse, France, is the controller of the personal data processed through this website. You can reach us for any privacy question through the request form of this website, choosing "privacy" in your message.`,
      ],
    },
    {
      id: "orders",
      title: "2. Orders",
      paragraphs: [
        "When you buy, we keep your name, email, phone number, delivery address, the products, the amounts and the payment reference. We need them to perform the sale: to ship, to invoice, to handle warranty claims and returns.",
        "Card details go straight to our payment provider (Stripe) and never reach our servers. Orders are kept for ten years, as French accounting law requires.",
      ],
    },
    {
      id: "demo-requests",
      title: "3. Demo requests",
      paragraphs: [
        "When you request a demo or our services, we keep your first and last name, email, company, country, phone number and message, and send them by email to our team. We use them only to answer you and arrange the demo, on the basis of your request.",
        "We keep a demo request for three years after our last exchange, then delete it.",
      ],
    },
    {
      id: "newsletter",
      title: "4. Newsletter",
      paragraphs: [
        `If you subscribe to the ${siteName} newsletter, we keep your email address and the record of your consent: the date and time, and the page on which you subscribed. Consent is the basis of this processing, and the record is how we can show it was given.`,
        "Every newsletter carries an unsubscribe link that works in one click, and mail programs can offer it as an Unsubscribe button. When you unsubscribe we keep only your address and the date you left, so that you are never subscribed again by mistake; ask us and we delete it too.",
        "Stock notifications work the same way: we keep your email and the product until we have told you it is back, then delete the request.",
      ],
    },
    {
      id: "cart",
      title: "5. Your cart",
      paragraphs: [
        "Your cart is not stored on our servers. It lives in your own browser's local storage, under the name \"cart\", so that it survives a reload. It holds the products, quantities and the delivery country you chose. It is removed when you clear your browser's site data. See the cookies page.",
      ],
    },
    {
      id: "recipients",
      title: "6. Who receives your data",
      paragraphs: [
        "Only our staff, our payment provider for payments, our email provider to send our messages and the carrier for your delivery address. We do not sell or rent personal data, and we use no advertising or analytics trackers.",
        "Videos in the video library are played from YouTube in privacy-enhanced mode, and only after you click one; YouTube's own policy applies from that moment.",
      ],
    },
    {
      id: "security",
      title: "7. Security",
      paragraphs: [
        "The site is served over HTTPS, our staff accounts are protected by passwords and roles, and unsubscribe links are signed so that no one can unsubscribe you in your place.",
      ],
    },
    {
      id: "rights",
      title: "8. Your rights",
      paragraphs: [
        "You may access, correct or erase your data, restrict or object to its processing, ask for a copy in a portable format, and withdraw your consent at any time. Write to us through the request form; we answer within one month.",
        "You may also lodge a complaint with the French data protection authority, the CNIL (www.cnil.fr).",
      ],
    },
  ];
}

export function cookieSections(siteName: string): TermsSection[] {
  return [
    {
      id: "no-tracking",
      title: "1. No tracking cookies",
      paragraphs: [
        `${siteName} sets no advertising, analytics or social-media cookies, and loads no third-party script while you browse. That is why you see no cookie banner: there is nothing to consent to.`,
      ],
    },
    {
      id: "local-storage",
      title: "2. What is stored in your browser",
      paragraphs: [
        'Your cart is kept in your browser\'s local storage under the key "cart": the products, their quantities and the delivery country you selected. It stays on your device, is never sent to us until you check out, and lets your cart survive a reload or a return visit.',
        'You can empty it from the cart, or remove it with your browser\'s "clear site data" setting.',
      ],
    },
    {
      id: "staff",
      title: "3. Staff sign-in",
      paragraphs: [
        "Our staff's back office uses one strictly necessary session cookie after they sign in. Visitors of the public site never receive it.",
      ],
    },
    {
      id: "videos",
      title: "4. Videos",
      paragraphs: [
        "The video library shows our own preview images. Only when you click a video is the YouTube player loaded, from youtube-nocookie.com (privacy-enhanced mode). YouTube may then store data in your browser under its own policy.",
      ],
    },
    {
      id: "payments",
      title: "5. Payments",
      paragraphs: [
        "At checkout, the card form is provided by our payment provider, Stripe, which may set cookies needed to prevent fraud. They are strictly necessary to pay and are governed by Stripe's own policy.",
      ],
    },
  ];
}
