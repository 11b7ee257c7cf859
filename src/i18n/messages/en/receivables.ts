/** Orders on account after the invoice: the buyer's payment and reminder mails. */
export const receivables = {
  paymentSubject: "Payment received for your order {n}",
  paymentHeading: "Thank you for your payment",
  paymentText: "We have received your transfer of {amount} (value date {date}) for order {n}.",
  paymentPaid: "Your order is now paid in full.",
  paymentInvoice: "Your invoice {invoice} is on your order's page.",
  paymentRemaining:
    "{amount} remains to be paid, by bank transfer to the IBAN {iban} (BIC {bic}) with the reference {reference}.",
  paymentOver:
    "You paid {amount} more than the order's total; our team will contact you to refund it.",
  reminderSubject: "Reminder: invoice {invoice} for order {n} is overdue",
  reminderSecondSubject: "Second reminder: invoice {invoice} for order {n} is overdue",
  reminderHeading: "Your payment has not reached us yet",
  reminderText:
    "Our invoice {invoice} for order {n} was due on {date}; we have not yet received {amount}. If you have paid it in the meantime, please ignore this mail.",
  reminderPay:
    "Please pay by bank transfer to the IBAN {iban} (BIC {bic}), quoting the reference {reference}.",
  reminderPenalty:
    "As stated on the invoice (art. L441-10 of the French Commercial Code), late payment incurs penalties at three times the legal interest rate and a fixed recovery indemnity of EUR 40.",
};
