import { webhookSignature } from "../../src/domain/approved-platform.ts";
import { findOperation, resolve, type Schema, validate } from "./openapi.ts";

/** The published API the fake holds every request to (tests/fixtures/einvoice-fr/README.md). */
export const FLOW_SERVICE_SPEC = new URL(
  "../fixtures/einvoice-fr/xp-z12-013-flow-service-1.3.0.json",
  import.meta.url,
);

export interface FakeFlow {
  flowId: string;
  trackingId?: string;
  name: string;
  processingRule: string;
  flowSyntax: string;
  flowProfile: string;
  flowType: string;
  flowDirection: "In" | "Out";
  processingRuleSource: "Input";
  submittedAt: string;
  updatedAt: string;
  acknowledgement: {
    status: "Pending" | "Ok" | "Error";
    details?: { level: string; item: string; reasonCode: string; reasonMessage: string }[];
  };
}

/**
 * A local approved platform speaking AFNOR XP Z12-013 Flow Service 1.3.0: an OAuth2
 * client-credentials token endpoint (`/oauth/token`), then every request checked against the
 * published OpenAPI file (operation, bearer token, JSON and multipart bodies, the file's
 * sha256) — a request that breaks it is answered 400 and kept in `violations`. `down` plays an
 * outage (503 everywhere); `refuse` answers deposits 422 with its reason; `ackError` makes the
 * named tracking ids' flows fail their checks (their acknowledgement: Error). The platform's
 * side of the lifecycle: `lifecycle()` makes the buyer's status message (CDAR) about a
 * document; `event()` signs a webhook event as the platform would post it.
 */
export async function fakePlatform(credentials = { id: "shop", secret: "s3cret" }) {
  const spec = JSON.parse(await Deno.readTextFile(FLOW_SERVICE_SPEC)) as Schema;
  const flows = new Map<string, { flow: FakeFlow; file: Uint8Array }>();
  const violations: string[] = [];
  /** Every deposit received, in order: its tracking id, syntax and processing rule. */
  const deposits: {
    trackingId: string;
    flowSyntax: string;
    processingRule: string;
    file: Uint8Array;
  }[] = [];
  const control = {
    down: false,
    refuse: null as null | { errorCode: string; errorMessage: string },
    ackError: new Map<string, string>(),
  };
  const tokens = new Set<string>();
  let webhook: { webhookId: string; signingKey: string; callbackUrl: string } | null = null;
  let clock = Date.parse("2026-01-01T00:00:00Z");
  /** Strictly increasing times: each change of a flow is its own `updatedAt`. */
  const tick = () => new Date(clock = Math.max(clock + 1000, Date.now())).toISOString();

  const json = (value: unknown, status = 200) =>
    new Response(JSON.stringify(value), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  const error = (status: number, errorCode: string, errorMessage: string) =>
    json({ errorCode, errorMessage }, status);

  async function checkBody(
    operation: Schema,
    req: Request,
  ): Promise<string[] | FormData | unknown> {
    const body = operation.requestBody?.$ref
      ? resolve(spec, operation.requestBody.$ref)
      : operation.requestBody;
    if (!body) return [];
    const type = req.headers.get("content-type") ?? "";
    const [mediaType, media] = Object.entries(body.content as Record<string, Schema>)[0];
    if (!type.startsWith(mediaType)) return [`content-type ${type}, expected ${mediaType}`];
    if (mediaType === "application/json") {
      const value = await req.json().catch(() => undefined);
      const problems = validate(spec, media.schema, value);
      return problems.length ? problems : value;
    }
    const form = await req.formData();
    const problems: string[] = [];
    for (const name of media.schema.required ?? []) {
      if (!form.has(name)) problems.push(`part ${name}: required`);
    }
    const info = form.get("flowInfo");
    if (info instanceof Blob) {
      if (info.type !== "application/json") problems.push("flowInfo: not application/json");
      const value = JSON.parse(await info.text());
      problems.push(...validate(spec, media.schema.properties.flowInfo, value, "flowInfo"));
      const file = form.get("file");
      if (file instanceof Blob && value.sha256) {
        const digest = new Uint8Array(
          await crypto.subtle.digest("SHA-256", await file.arrayBuffer()),
        );
        const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
        if (hex !== value.sha256) problems.push("file: sha256 does not match flowInfo.sha256");
      }
    } else if (info !== null) problems.push("flowInfo: a JSON part is expected");
    return problems.length ? problems : form;
  }

  async function answer(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (control.down) return error(503, "UNAVAILABLE", "Service unavailable");
    if (url.pathname === "/oauth/token" && req.method === "POST") {
      const form = new URLSearchParams(await req.text());
      const basic = `Basic ${btoa(`${credentials.id}:${credentials.secret}`)}`;
      if (form.get("grant_type") !== "client_credentials") {
        violations.push("token: grant_type is not client_credentials");
        return json({ error: "unsupported_grant_type" }, 400);
      }
      if (req.headers.get("authorization") !== basic) return json({ error: "invalid_client" }, 401);
      const token = crypto.randomUUID();
      tokens.add(token);
      return json({ access_token: token, token_type: "Bearer", expires_in: 3600 });
    }
    const found = findOperation(spec, req.method, url.pathname);
    if (!found) {
      violations.push(`${req.method} ${url.pathname}: no such operation`);
      return error(404, "NOT_FOUND", "No such operation");
    }
    const { operation, params } = found;
    const bearer = req.headers.get("authorization")?.replace(/^Bearer /, "");
    if (!bearer || !tokens.has(bearer)) return error(401, "UNAUTHORIZED", "Invalid token");
    for (const p of operation.parameters ?? []) {
      const value = p.in === "header"
        ? req.headers.get(p.name)
        : p.in === "query"
        ? url.searchParams.get(p.name)
        : params[p.name];
      if (value === null || value === undefined) {
        if (p.required) violations.push(`${operation.operationId}: ${p.name} required`);
        continue;
      }
      const problems = validate(spec, p.schema, value, p.name);
      if (problems.length) violations.push(`${operation.operationId}: ${problems.join("; ")}`);
    }
    const body = await checkBody(operation, req);
    if (Array.isArray(body) && body.length) {
      violations.push(`${operation.operationId}: ${body.join("; ")}`);
      return error(400, "INVALID_REQUEST", body.join("; "));
    }
    switch (operation.operationId) {
      case "createFlow":
        return await createFlow(body as FormData);
      case "searchFlows":
        return search(body as { where: Record<string, unknown>; limit?: number; cursor?: string });
      case "getFlow": {
        const f = flows.get(params.flowId);
        if (!f) return error(404, "NOT_FOUND", "No such flow");
        if ((url.searchParams.get("docType") ?? "Metadata") === "Metadata") return json(f.flow);
        return new Response(f.file as Uint8Array<ArrayBuffer>, {
          headers: {
            "Content-Type": "application/octet-stream",
            "Content-Disposition": `attachment;filename=${f.flow.name}`,
          },
        });
      }
      case "createWebhook": {
        const { callbackUrl } = body as { callbackUrl: string };
        const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
        webhook = { webhookId: crypto.randomUUID(), signingKey: key, callbackUrl };
        return json(
          { webhookId: webhook.webhookId, signingKey: key, createdAt: new Date().toISOString() },
          201,
        );
      }
      default:
        return error(400, "UNSUPPORTED", "Not played by the fake");
    }
  }

  async function createFlow(form: FormData): Promise<Response> {
    if (control.refuse) {
      return error(422, control.refuse.errorCode, control.refuse.errorMessage);
    }
    const info = JSON.parse(await (form.get("flowInfo") as Blob).text());
    const file = new Uint8Array(await (form.get("file") as Blob).arrayBuffer());
    const duplicate = [...flows.values()].some((f) => f.flow.trackingId === info.trackingId);
    deposits.push({
      trackingId: info.trackingId,
      flowSyntax: info.flowSyntax,
      processingRule: info.processingRule,
      file,
    });
    const at = tick();
    const reason = control.ackError.get(info.trackingId);
    const flow: FakeFlow = {
      flowId: crypto.randomUUID(),
      trackingId: info.trackingId,
      name: info.name,
      processingRule: info.processingRule ?? "Undefined",
      flowSyntax: info.flowSyntax,
      flowProfile: info.flowProfile ?? "Undefined",
      flowType: info.flowSyntax === "CDAR"
        ? "CustomerInvoiceLC"
        : info.flowSyntax === "FRR"
        ? "MultiFlowReport"
        : "CustomerInvoice",
      flowDirection: "Out",
      processingRuleSource: "Input",
      submittedAt: at,
      updatedAt: at,
      acknowledgement: reason || duplicate
        ? {
          status: "Error",
          details: [{
            level: "Error",
            item: info.name,
            reasonCode: duplicate ? "AlreadyExistingFlow" : "InvoiceLCRuleError",
            reasonMessage: duplicate ? "The flow has already been sent" : reason!,
          }],
        }
        : { status: "Ok" },
    };
    flows.set(flow.flowId, { flow, file });
    const { flowId, submittedAt, trackingId, name, processingRule, flowSyntax, flowProfile } = flow;
    return json(
      { flowId, submittedAt, trackingId, name, processingRule, flowSyntax, flowProfile },
      202,
    );
  }

  function search(body: { where: Record<string, unknown>; limit?: number; cursor?: string }) {
    const w = body.where;
    const matching = [...flows.values()].map((f) => f.flow)
      .filter((f) => !w.updatedAfter || f.updatedAt > (w.updatedAfter as string))
      .filter((f) => !w.trackingId || f.trackingId === w.trackingId)
      .filter((f) => !w.flowDirection || (w.flowDirection as string[]).includes(f.flowDirection))
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    const start = body.cursor ? Number(atob(body.cursor)) : 0;
    const limit = body.limit ?? 25;
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? btoa(String(start + limit)) : undefined;
    return json({
      limit,
      filters: w,
      results: page,
      ...(next ? { nextCursor: next } : {}),
    });
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, answer);
  const url = `http://127.0.0.1:${server.addr.port}`;

  return {
    url,
    control,
    violations,
    deposits,
    flows,
    settings: (from: string) => ({
      url,
      tokenUrl: `${url}/oauth/token`,
      clientId: credentials.id,
      clientSecret: credentials.secret,
      from,
    }),
    get webhook() {
      return webhook;
    },

    /** The buyer's platform says `code` of a document: an incoming lifecycle flow (CDAR). */
    lifecycle(documentNumber: string, code: number, reason?: string): FakeFlow {
      const at = tick();
      const cdar = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
<rsm:AcknowledgementDocument><ram:TypeCode>305</ram:TypeCode><ram:ReferenceReferencedDocument><ram:IssuerAssignedID>${documentNumber}</ram:IssuerAssignedID><ram:ProcessConditionCode>${code}</ram:ProcessConditionCode>${
        reason
          ? `<ram:SpecifiedDocumentStatus><ram:ReasonCode>REF_CT</ram:ReasonCode><ram:Reason>${reason}</ram:Reason></ram:SpecifiedDocumentStatus>`
          : ""
      }</ram:ReferenceReferencedDocument></rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>`;
      const flow: FakeFlow = {
        flowId: crypto.randomUUID(),
        name: `CDAR-${documentNumber}-${code}.xml`,
        processingRule: "B2B",
        flowSyntax: "CDAR",
        flowProfile: "Undefined",
        flowType: "CustomerInvoiceLC",
        flowDirection: "In",
        processingRuleSource: "Input",
        submittedAt: at,
        updatedAt: at,
        acknowledgement: { status: "Ok" },
      };
      flows.set(flow.flowId, { flow, file: new TextEncoder().encode(cdar) });
      return flow;
    },

    /** A flow's webhook event as the platform posts it, signed at `atMs` (now by default). */
    async event(flow: FakeFlow, atMs = Date.now()) {
      const payload = JSON.stringify(flow);
      const timestamp = String(Math.floor(atMs / 1000));
      return {
        payload,
        headers: {
          "Content-Type": "application/json",
          "Afnor-Signature": await webhookSignature(webhook!.signingKey, payload, timestamp),
          "Afnor-Signature-Timestamp": timestamp,
        },
      };
    },

    async close() {
      await server.shutdown();
    },
  };
}
export type FakePlatform = Awaited<ReturnType<typeof fakePlatform>>;
