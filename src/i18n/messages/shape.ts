import type * as en from "./en.ts";

/** A catalogue's shape: the English one's, each string any string. */
type Widen<T> = T extends string ? string
  : T extends (...args: infer A) => infer R ? (...args: A) => Widen<R>
  : T extends readonly (infer U)[] ? Widen<U>[]
  : { [K in keyof T]: Widen<T[K]> };

export type Messages = Widen<typeof en>;
