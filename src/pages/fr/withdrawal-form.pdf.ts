// The French PDF: the English endpoint, under /fr/ (it reads its language from the URL).
export { GET } from "../withdrawal-form.pdf.ts";
