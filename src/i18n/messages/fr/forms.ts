import type { Messages } from "../shape.ts";

/** French names a field the same on its label and in the error toast « champ : message ». */
const fields: Messages["demoForm"]["labels"] = {
  firstName: "Prénom",
  lastName: "Nom",
  email: "E-mail",
  company: "Société",
  country: "Pays",
  phone: "Téléphone",
  message: "Message",
};

export const demoForm: Messages["demoForm"] = {
  labels: fields,
  fieldNames: fields,
  fieldError: "{field} : {message}",
  submit: "Envoyer",
  success: "Merci de votre intérêt ! Nous vous contacterons très vite.",
  failed: "Une erreur s’est produite",
  network: "Un problème est survenu lors de l’envoi de votre demande.",
  busy: "Envoi…",
  requiredBefore: "Les champs marqués",
  requiredAfter: "sont obligatoires.",
  selectCountry: "Choisissez un pays",
  count: "{count} / {max}",
  phoneCountry: "Indicatif téléphonique : {name} {dial}. Modifier",
  pickerDialog: "Choisir un indicatif téléphonique",
  pickerSearch: "Rechercher un pays",
  pickerPlaceholder: "Pays ou indicatif",
  pickerList: "Pays",
  pickerEmpty: "Aucun résultat",
  errors: {
    "First name is required": "Le prénom est obligatoire",
    "Last name is required": "Le nom est obligatoire",
    "Email is required": "L’e-mail est obligatoire",
    "Email is invalid": "L’e-mail n’est pas valide",
    "Company name is required": "Le nom de la société est obligatoire",
    "Country is required": "Le pays est obligatoire",
    "Phone number is required": "Le numéro de téléphone est obligatoire",
    "Phone number is invalid": "Le numéro de téléphone n’est pas valide",
    "Message is required": "Le message est obligatoire",
    "Message cannot exceed 500 characters": "Le message ne peut pas dépasser 500 caractères",
    "Too big: expected string to have <=100 characters": "100 caractères au plus",
    "Too big: expected string to have <=200 characters": "200 caractères au plus",
    "Remove the invisible control or text-direction characters (pasted text can hold them)":
      "Retirez les caractères de contrôle ou de direction du texte invisibles (un texte collé peut en contenir)",
  },
};
