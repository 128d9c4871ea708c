/**
 * The validation texts the screens show, word for word (their only copy). The description is the zod issue message, so the
 * server's 400 and the client's toast say the same sentence; the title is looked up from it.
 */
export const VALIDATION = {
  profileName: {
    title: "Profile Name Required",
    description: "Please enter your profile name.",
  },
  setupAccount: {
    title: "Payment Account Required",
    description: "Please select and configure at least one payment account.",
  },
  methodRequired: {
    title: "Payment Method Required",
    description: "Please select at least one payment method.",
  },
  handleRequired: {
    title: "Account Handle Required",
    description: "Please enter account handles for all selected payment methods.",
  },
  recipientName: {
    title: "Name Required",
    description: "Please enter the name of the person you're requesting payment from.",
  },
  recipientPhone: {
    title: "Phone Number Required",
    description: "Please enter a mobile phone number.",
  },
  amount: {
    title: "Invalid Amount",
    description: "Please enter a valid amount greater than $0.",
  },
} as const;

export type ValidationText = { title: string; description: string };

/** Title for a toast from a schema issue message; an unknown message gets a generic title. */
export function validationToast(message: string): ValidationText {
  const known = Object.values(VALIDATION).find((v) => v.description === message);
  return known ?? { title: "Check your details", description: message };
}
