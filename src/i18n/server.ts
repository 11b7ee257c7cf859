import { messagesFor } from "./catalog.ts";
import { provideServerMessages } from "./client.ts";

/**
 * Imported by the layouts (server only): islands rendered on the server read the catalogue of
 * their page's language; in the browser they read the page's JSON block instead.
 */
provideServerMessages((lang, section) => messagesFor(lang)[section]);
