import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from "jose";

/**
 * The tokens the shop signs for itself (HS256 JWTs): a staff session, a sign-in's second-step
 * challenge. Each kind has its own audience, so a token of one kind is never taken for another.
 */
const ISSUER = "shop";

export interface TokenFields {
  audience: string;
  subject: string;
  /** The token's id: a session's key, a challenge spent once. */
  jti: string;
  /** Epoch ms; the token says it in seconds. */
  expiresAt: number;
}

/** Signs `claims` with `key` as a token of `audience`. */
export async function signToken(
  key: Uint8Array,
  claims: JWTPayload,
  { audience, subject, jti, expiresAt }: TokenFields,
): Promise<string> {
  return await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key);
}

/**
 * The claims of a token `key` signed for `audience`, with its subject, id and expiry; whatever
 * else (a bad signature, an expired or malformed token, another audience) throws `invalid()`.
 */
export async function verifyToken(
  token: string,
  key: Uint8Array,
  audience: string,
  invalid: () => Error,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience,
      requiredClaims: ["sub", "jti", "exp"],
    });
    return payload;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) throw invalid();
    throw err;
  }
}
