// The French PDF: the English endpoint, under /fr/ (it reads its language from the URL).
export { GET } from "../../general-terms/[version].pdf.ts";
