/**
 * The legal pages: the general terms of sale (three pages, with the spec's section list and
 * figures, section 9), the privacy notice and the cookies page. French law governs, and the
 * French text (fr/legal.ts) is the binding one; this is its English version.
 */
export const legal = (site: string, company: string) => ({
  /** Which text binds (the French one), and a link to the other language's. */
  bindingNote: "The French version of this text is the binding one.",
  bindingLink: "Read it in French",
  updated: "Last updated {date}",
  updatedDate: "22 November 2026",
  terms: {
    heading: "General Terms of Sale",
    page: "Page {page} of {count}",
    onThisPage: "On this page",
    pagesNav: "Terms pages",
    previous: "Previous Page",
    next: "Next Page",
    businessOnly: "Business buyers only",
    consumersOnly: "Consumers",
    version: "Version of {date}",
    versionLink: "This version, dated, on one page",
    withdrawalForm: "The model withdrawal form",
    withdrawalFormPdf: "The model withdrawal form (PDF)",
    pdf: "These terms (PDF)",
    pages: [
      [
        {
          id: "seller",
          title: "1. Seller",
          paragraphs: [
            `The products and services offered on this website are sold by ${company}, a simplified joint-stock company (société par actions simplifiée) with a capital of 5,000 euros, registered in France, with its registered office in Toulouse (hereinafter "the Seller").`,
            "The Seller can be reached through the demo request form of this website for any question about an order, a delivery or these terms.",
          ],
        },
        {
          id: "purpose",
          title: "2. Purpose",
          paragraphs: [
            `These general terms of sale govern every sale of products (the ${site} development board, modules, sensors and accessories) and of the associated software licence concluded through this website between the Seller and any professional or private customer (hereinafter "the Client").`,
            'A Client who buys as a consumer (for purposes outside their trade, business, craft or profession) has the rights of articles 34 to 36 below, and the articles marked "Business buyers only" do not apply to them. Nothing in these terms limits a consumer\'s statutory rights.',
          ],
        },
        {
          id: "acceptance",
          title: "3. Acceptance",
          paragraphs: [
            "Placing an order implies the Client's full and unreserved acceptance of these general terms, which prevail over any other document of the Client, including the Client's own purchasing conditions.",
            "The terms applicable to an order are those published on the website on the day the order is placed. The Seller may change them at any time; changes do not apply to orders already accepted.",
          ],
        },
        {
          id: "order",
          title: "4. Order",
          paragraphs: [
            "The Client chooses the products, adds them to the cart, selects the delivery country, fills in the checkout form and pays online. The order is final once the payment has been accepted; a confirmation with an order number is then shown and sent by email.",
            "The Seller may refuse or cancel an order from a Client with whom a dispute about a previous order is pending, or when the information provided is manifestly false.",
          ],
        },
        {
          id: "rates",
          title: "5. Rates",
          paragraphs: [
            "Products are supplied at the rates in force on the website when the order is placed. Shipping fees depend on the delivery country; they are shown in the cart before checkout and added to the total.",
            "Any offer or discount is valid only for the period and the quantities stated with it.",
          ],
        },
        {
          id: "price",
          title: "6. Price",
          paragraphs: [
            "Prices are stated in euros and include VAT at the rate applicable on the day of the order. Any change in that rate is passed on to the price of products not yet ordered.",
            "Customs duties and import taxes for deliveries outside the European Union are not included and are payable by the Client.",
          ],
        },
        {
          id: "payment",
          title: "7. Payment",
          paragraphs: [
            "Orders are paid in full when they are placed, online by card through the Seller's payment provider. Card details are handled by the payment provider and never stored by the Seller.",
            "Purchase orders from universities and public bodies may be paid by bank transfer on invoice, on prior written agreement.",
          ],
        },
        {
          id: "late-payment",
          title: "8. Late payment",
          paragraphs: [
            "For professional Clients paying on invoice, any amount not paid by its due date bears, by operation of law and without prior notice, late-payment penalties at three times the legal interest rate, together with a fixed recovery fee of 40 euros.",
            "The Seller may suspend deliveries until all overdue amounts are paid.",
          ],
        },
        {
          id: "delivery",
          title: "9. Delivery",
          paragraphs: [
            "Products are delivered to the address given by the Client at checkout, in the countries listed in the cart. The Client is responsible for the accuracy of that address; a parcel returned because of a wrong address is shipped again at the Client's expense.",
          ],
        },
        {
          id: "delivery-times",
          title: "10. Delivery times",
          paragraphs: [
            "Products in stock are dispatched within 2 working days of payment. Delivery times then depend on the carrier and the destination, and are given as an indication.",
            "If a delay exceeds 30 days beyond the indicated date, the Client may cancel the order and is refunded in full, excluding any other compensation.",
          ],
        },
      ],
      [
        {
          id: "transport-risks",
          title: "11. Transport risks",
          paragraphs: [
            "Products travel at the Seller's risk until they are handed over to the Client. The Client must check the parcel on receipt and, in case of damage or missing items, record precise reservations with the carrier and confirm them to the carrier within 3 days of delivery, with a copy to the Seller.",
          ],
        },
        {
          id: "receipt",
          title: "12. Receipt",
          paragraphs: [
            "Without prejudice to the steps to be taken with the carrier, claims about visible defects or about products not matching the order must be made in writing within 8 days of delivery. After that period, no such claim is accepted.",
            "Products may be returned only with the Seller's prior agreement, in their original packaging.",
          ],
        },
        {
          id: "retention-of-title",
          title: "13. Retention of title",
          paragraphs: [
            "The Seller remains the owner of the products until the price has been paid in full. Until then the Client must keep the products identifiable and may not pledge them.",
          ],
        },
        {
          id: "license",
          title: "14. License",
          paragraphs: [
            `The purchase of a board includes a personal, non-exclusive and non-transferable licence to use the ${site} framework with that board. The Client may not copy, decompile or distribute the software except as allowed by law.`,
            "Diagrams and blocks written by the Client remain the Client's property.",
          ],
        },
        {
          id: "warranty",
          title: "15. Warranty",
          paragraphs: [
            "Products are guaranteed against manufacturing defects for 30 days from delivery. Any claim under this warranty must be made within 7 days of the discovery of the defect. The Seller will, at its choice, repair or replace the defective product, or refund it.",
            "This commercial warranty does not affect the legal warranties that apply to private Clients.",
          ],
        },
        {
          id: "exclusion-of-warranty",
          title: "16. Exclusion of warranty",
          paragraphs: [
            "The warranty does not cover damage caused by misuse, incorrect wiring, supply voltages or currents beyond the stated ratings, modification of the product, or normal wear. Development boards are intended for development, teaching and research, not for safety-critical use without the Client's own qualification.",
          ],
        },
        {
          id: "intellectual-property",
          title: "17. Intellectual property",
          paragraphs: [
            `The ${site} name, logos, software, documentation and the content of this website are the property of the Seller. No right is granted other than the licence described above.`,
          ],
        },
        {
          id: "warranty-against-eviction",
          title: "18. Warranty against eviction",
          paragraphs: [
            "The Seller guarantees the Client against any claim by a third party that the products infringe its intellectual property rights, provided the Client notifies the Seller of the claim within 15 days of becoming aware of it and lets the Seller conduct the defence.",
          ],
        },
        {
          id: "liability",
          title: "19. Liability",
          paragraphs: [
            "The Seller is bound by an obligation of means. It is liable only for direct damage proven to result from a fault in performing its obligations.",
          ],
        },
        {
          id: "limitation-of-liability",
          title: "20. Limitation of liability",
          paragraphs: [
            "The Seller is not liable for indirect damage such as loss of production, data, profit or opportunity, nor for damage resulting from the use of the products in conditions other than those stated in their documentation.",
          ],
        },
      ],
      [
        {
          id: "exclusion-of-liability",
          title: "21. Exclusion of liability",
          paragraphs: [
            "The Seller's liability cannot be engaged in case of force majeure, of an act of a third party, or of a fault of the Client, including the connection of the products to equipment that does not meet their specifications.",
          ],
        },
        {
          id: "subcontracting",
          title: "22. Subcontracting",
          paragraphs: [
            "The Seller may subcontract all or part of the manufacture, delivery or services, remaining responsible towards the Client for the work of its subcontractors.",
          ],
        },
        {
          id: "liability-cap",
          title: "23. Liability cap",
          paragraphs: [
            "Where the Seller's liability is engaged, for any cause, it is capped at the amount paid by the Client for the order concerned, except in case of gross negligence, wilful misconduct or bodily injury.",
          ],
        },
        {
          id: "environment",
          title: "24. Environment",
          paragraphs: [
            "Electronic products must not be thrown away with household waste. At the end of their life, the Client hands them to a collection point for electrical and electronic equipment, or returns them to the Seller, who has them recycled.",
          ],
        },
        {
          id: "personal-data",
          title: "25. Personal data",
          paragraphs: [
            "The Seller processes the Client's personal data to handle orders, deliveries, demo requests and, with consent, the newsletter. The data kept, the reasons and the retention periods are set out in the privacy notice of this website.",
            "The Client may access, correct or erase its data, object to its processing and withdraw consent at any time, and may lodge a complaint with the CNIL.",
          ],
        },
        {
          id: "electronic-contract",
          title: "26. Electronic contract",
          paragraphs: [
            "The online order, its confirmation and the payment record form the contract between the parties and are admissible as evidence. The Seller keeps them for the period required by law.",
          ],
        },
        {
          id: "references",
          title: "27. References",
          paragraphs: [
            "Unless the Client objects in writing, the Seller may mention a professional Client's name and logo as a reference, without disclosing any confidential information.",
          ],
        },
        {
          id: "severability",
          title: "28. Severability",
          paragraphs: [
            "If any clause of these terms is held invalid, the other clauses remain in force.",
          ],
        },
        {
          id: "assignment",
          title: "29. Assignment",
          paragraphs: [
            "The Client may not assign its rights and obligations under an order without the Seller's prior written consent.",
          ],
        },
        {
          id: "limitation-period",
          title: "30. Limitation period",
          paragraphs: [
            "Any claim by the Client against the Seller, whatever its basis, is inadmissible after one year from the order date.",
          ],
        },
        {
          id: "governing-law",
          title: "31. Governing law",
          paragraphs: [
            "These general terms and every sale they govern are subject to French law. They are written in French and in English; the French version is the binding text.",
          ],
        },
        {
          id: "mediation",
          title: "32. Mediation",
          paragraphs: [
            "Before any legal action, the parties will seek an amicable solution. A Client who is a consumer may, after first writing to the Seller, refer a dispute free of charge to the consumer mediator: {mediatorName}, {mediatorAddress}, {mediatorUrl} (C. consom. L612-1 and L616-1).",
          ],
        },
        {
          id: "jurisdiction",
          title: "33. Jurisdiction",
          paragraphs: [
            "Failing an amicable solution, any dispute between professionals is submitted to the exclusive jurisdiction of the Toulouse commercial court, including in case of multiple defendants or third-party claims.",
          ],
        },
        {
          id: "withdrawal",
          title: "34. Right of withdrawal (consumers)",
          paragraphs: [
            "A Client who is a consumer has fourteen days to withdraw from the contract without giving any reason (C. consom. L221-18; Directive 2011/83/EU). The period runs from the day the consumer, or a third party other than the carrier indicated by them, takes physical possession of the goods; for several goods ordered together and delivered separately, from the day the last one is received. The consumer may also withdraw before delivery.",
            'To withdraw, the consumer informs the Seller of their decision by an unambiguous statement: with the "Withdraw from this order" button of their order page (its link is in every order mail), by email to {email}, or by letter to {legalName}, {address}. They may use the model withdrawal form below, but do not have to. It is enough to send the statement before the fourteen days have expired. The Seller acknowledges a withdrawal by email without delay.',
            "The consumer sends the goods back, or hands them over, to {legalName}, {address}, without undue delay and at the latest fourteen days after informing the Seller of their decision. The direct cost of returning the goods is borne by the consumer. The consumer is liable only for a diminished value of the goods resulting from handling beyond what is necessary to establish their nature, characteristics and functioning.",
            "The Seller reimburses all payments received for the goods withdrawn, including the cost of standard delivery (not the extra cost of a delivery method other than the least expensive standard delivery offered), without undue delay and at the latest fourteen days from the day it is informed of the withdrawal, with the same means of payment as the one used for the order unless the consumer expressly agrees otherwise, at no cost to them. The Seller may withhold the reimbursement until it has received the goods back or the consumer has supplied evidence of having sent them back, whichever is earliest.",
            "The right of withdrawal belongs to consumers; it does not apply to business buyers.",
          ],
        },
        {
          id: "legal-guarantee",
          title: "35. Legal guarantee of conformity (consumers)",
          paragraphs: [
            "The consumer has two years from the delivery of the goods to obtain the application of the legal guarantee of conformity if a lack of conformity appears. During this period, the consumer only has to establish the existence of the lack of conformity, not the date it appeared.",
            "Where the contract of sale of the goods provides for the supply of digital content or a digital service continuously over a period of more than two years, the legal guarantee applies to that digital content or digital service throughout the planned period of supply. During this period, the consumer only has to establish the existence of the lack of conformity affecting the digital content or digital service, not the date it appeared.",
            "The legal guarantee of conformity obliges the professional, where applicable, to supply all the updates necessary to keep the goods in conformity.",
            "The legal guarantee of conformity entitles the consumer to the repair or replacement of the goods within thirty days of their request, free of charge and without major inconvenience to them.",
            "If the goods are repaired under the legal guarantee of conformity, the consumer benefits from a six-month extension of the initial guarantee.",
            "If the consumer asks for the goods to be repaired but the seller imposes their replacement, the legal guarantee of conformity is renewed for a period of two years from the date the goods are replaced.",
            "The consumer may obtain a reduction of the purchase price by keeping the goods, or end the contract and be fully reimbursed against the return of the goods, if: 1° the professional refuses to repair or replace the goods; 2° the repair or replacement of the goods takes place after a period of thirty days; 3° the repair or replacement of the goods causes a major inconvenience to the consumer, in particular where the consumer definitively bears the costs of taking back or removing the non-conforming goods, or bears the costs of installing the repaired or replacement goods; 4° the lack of conformity of the goods persists despite the seller's unsuccessful attempt to bring them into conformity.",
            "The consumer is also entitled to a price reduction or to the termination of the contract where the lack of conformity is so serious that it justifies an immediate price reduction or termination. The consumer then does not have to ask for the repair or replacement of the goods first.",
            "The consumer is not entitled to the termination of the sale if the lack of conformity is minor.",
            "Any period during which the goods are immobilised for their repair or replacement suspends the guarantee still to run until the goods are delivered back in working order.",
            "The rights mentioned above result from the application of articles L. 217-1 to L. 217-32 of the French Consumer Code.",
            "A seller who in bad faith obstructs the application of the legal guarantee of conformity incurs a civil fine of up to 300,000 euros, which may be raised to 10% of the average annual turnover (article L. 241-5 of the French Consumer Code).",
            "The consumer also benefits from the legal guarantee against hidden defects under articles 1641 to 1649 of the French Civil Code, for two years from the discovery of the defect. This guarantee entitles them to a price reduction if the goods are kept, or to a full refund against the return of the goods.",
          ],
        },
        {
          id: "hidden-defects",
          title: "36. Hidden defects",
          paragraphs: [
            "Every Client, consumer or business buyer, benefits from the guarantee against hidden defects of articles 1641 and following of the French Civil Code: the Seller guarantees the goods against hidden defects that make them unfit for their intended use, or so reduce that use that the buyer would not have bought them, or would have paid less, had they known. The action must be brought within two years of the discovery of the defect (article 1648). The buyer may then return the goods and be refunded, or keep them and be refunded part of the price (article 1644).",
          ],
        },
      ],
    ],
  },
  /** The legal notice (LCEN art. 6 III): its values come from the SELLER_* settings. */
  notice: {
    title: "Legal notice",
    intro: "Who publishes and hosts this website, as French law (LCEN art. 6 III) requires.",
    publisher: "Publisher",
    legalName: "Company name",
    legalForm: "Legal form",
    shareCapital: "Share capital",
    address: "Registered office",
    rcs: "Trade and companies register (RCS)",
    siren: "SIREN",
    vatNumber: "VAT number",
    contact: "Contact",
    email: "Email",
    phone: "Phone",
    director: "Publication director",
    host: "Host",
    hostName: "Name",
    hostAddress: "Address",
    hostPhone: "Phone",
    mediator: "Consumer mediator",
    mediatorText:
      "A consumer may refer a dispute with us to this mediator free of charge, after first writing to us (C. consom. L612-1, L616-1).",
    mediatorName: "Name",
    mediatorAddress: "Address",
    mediatorUrl: "Website",
    terms: "The general terms of sale",
  },
  /** The model withdrawal form: Directive 2011/83/EU, Annex I B. */
  withdrawalForm: {
    title: "Model withdrawal form",
    intro:
      "(Complete and return this form only if you wish to withdraw from the contract.) You may also withdraw with the button of your order page, or by any unambiguous statement: see article 34 of the general terms.",
    to: "To {legalName}, {address}, {email}:",
    lines: [
      "I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*):",
      "Ordered on (*)/received on (*):",
      "Order number:",
      "Name of consumer(s):",
      "Address of consumer(s):",
      "Signature of consumer(s) (only if this form is notified on paper):",
      "Date:",
    ],
    strike: "(*) Delete as appropriate.",
    pdf: "Download the form (PDF)",
    terms: "Article 34 of the general terms: right of withdrawal",
  },
  /** What paying, asking for a stock alert and sending the demo form accept, and the data notice. */
  acceptance: {
    checkout:
      "By paying, you accept the {terms} (version of {date}), which set out, for consumers, the {withdrawal} (14 days from delivery). How we use your details: {privacy}.",
    terms: "general terms of sale",
    withdrawal: "right of withdrawal",
    privacy: "privacy notice",
    notify:
      "We use your email for this notice only, then delete it. Your rights and how to use them: {privacy}.",
    demo:
      "We use these details only to answer your request and arrange the demo, and keep them for three years after our last exchange. Your rights and how to use them: {privacy}.",
  },
  privacy: {
    title: "Privacy",
    intro:
      `This notice says what ${site} keeps about you, why, and for how long. We keep as little as we can: what we need to sell, deliver, answer you and, if you ask for it, send you our newsletter.`,
    sections: [
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
          `If you subscribe to the ${site} newsletter, we keep your email address, the language you subscribed in and the record of your consent: the date and time, and the page on which you subscribed. Consent is the basis of this processing, and the record is how we can show it was given.`,
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
    ],
  },
  cookies: {
    title: "Cookies",
    intro:
      "In short: no tracking, no advertising, no banner. The one thing this site stores in your browser is your cart.",
    sections: [
      {
        id: "no-tracking",
        title: "1. No tracking cookies",
        paragraphs: [
          `${site} sets no advertising, analytics or social-media cookies, and loads no third-party script while you browse. That is why you see no cookie banner: there is nothing to consent to.`,
        ],
      },
      {
        id: "local-storage",
        title: "2. What is stored in your browser",
        paragraphs: [
          'Your cart is kept in your browser\'s local storage under the key "cart": the products, their quantities and the delivery country you selected. It stays on your device, is never sent to us until you check out, and lets your cart survive a reload or a return visit.',
          'Your choice of language, if you make one, is kept there too under the key "lang-choice", so that we do not offer you another language again.',
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
    ],
  },
});
