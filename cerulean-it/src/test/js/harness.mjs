// What the SDK scripts here share: their arguments, a recorder of what went on the wire, steps that
// report one line each and go on after a failure, and the SDK's errors read as the service sent them.
//
// A script runs its steps and ends with `finish()`, which prints `<NAME> OK` (what the Java test
// that runs it looks for) or the steps that failed, and sets a non-zero exit code.

import assert from "node:assert/strict";

/** The script's arguments; with fewer than `required`, a usage line and exit code 2. */
export function args(script, ...required) {
  const values = process.argv.slice(2);
  if (required.some((_, i) => !values[i])) {
    console.error(`usage: node ${script} ${required.map((name) => `"<${name}>"`).join(" ")}`);
    process.exit(2);
  }
  return values;
}

/** A connection string's settings (AccountName, AccountKey, BlobEndpoint...); exit 2 if one named is missing. */
export function settingsOf(connectionString, ...required) {
  const settings = Object.fromEntries(
    connectionString.split(";").filter((part) => part.includes("=")).map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at), part.slice(at + 1)];
    }));
  const missing = required.filter((name) => !settings[name]);
  if (missing.length) {
    console.error(`the connection string lacks ${missing.join(", ")}: ${connectionString}`);
    process.exit(2);
  }
  return settings;
}

/** A name no other run uses: `prefix` then the time and a random number, in base 36. */
export const unique = (prefix) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * Records every exchange a client's pipeline sends, as it goes on the wire (added after signing) and
 * as it comes back: method, URL, the headers named below, status, error code, response headers and
 * text body (downloads are streams and are not kept). With the environment variable `debug` set,
 * each is printed as it ends.
 */
export class Recorder {
  exchanges = [];

  constructor(name, debug = "DEBUG_SDK") {
    this.name = name;
    this.debug = Boolean(process.env[debug]);
    const exchanges = this.exchanges;
    const print = this.debug;
    this.policy = {
      name,
      async sendRequest(request, next) {
        const entry = {
          method: request.method,
          xHttpMethod: request.headers.get("X-HTTP-Method"),
          url: request.url,
          range: request.headers.get("x-ms-range"),
          ifMatch: request.headers.get("If-Match"),
          status: undefined,
        };
        exchanges.push(entry);
        try {
          const response = await next(request);
          entry.requestBody = typeof request.body === "string" ? request.body : undefined;
          entry.status = response.status;
          entry.errorCode = response.headers.get("x-ms-error-code");
          entry.headers = response.headers;
          entry.body = response.bodyAsText;
          return response;
        } catch (e) {
          entry.error = String(e);
          throw e;
        } finally {
          if (print) {
            console.log(`    ${describe(entry)}`);
          }
        }
      },
    };
  }

  /**
   * Adds the recorder to a Storage SDK client's pipeline. Clients made from one Pipeline (a service
   * client and the clients it hands out) share one core pipeline, so it goes in once per pipeline.
   */
  attach(client) {
    const pipeline = client.storageClientContext?.pipeline;
    assert.ok(pipeline, "the SDK client has no storageClientContext.pipeline to record requests on");
    if (!pipeline.getOrderedPolicies().some((p) => p.name === this.name)) {
      pipeline.addPolicy(this.policy, { afterPhase: "Sign" });
    }
    return client;
  }

  /** The status of the last response (SDK results do not all keep theirs). */
  lastStatus() {
    return this.exchanges.at(-1)?.status;
  }
}

/** One exchange on one line (a SAS signature elided), with the body of an error below it. */
export function describe(e) {
  const verb = e.xHttpMethod ? `${e.method}(X-HTTP-Method: ${e.xHttpMethod})` : e.method;
  const url = e.url.replace(/([?&]sig=)[^&]*/, "$1...");
  const range = e.range ? ` [${e.range}]` : "";
  const ifMatch = e.ifMatch ? ` If-Match: ${e.ifMatch}` : "";
  const outcome = e.error ? `error ${e.error}` : `${e.status}${e.errorCode ? " " + e.errorCode : ""}`;
  const body = e.status >= 400 && e.body ? `\n        body: ${e.body}` : "";
  return `${verb} ${url}${range}${ifMatch} -> ${outcome}${body}`;
}

/**
 * Steps that print one line each. A failing step is reported (with its last requests when a
 * recorder is given) and the script goes on to the next one, so one wrong answer does not hide the
 * others; a step that needs an earlier one's results may then fail too: read the first failure first.
 */
export function steps(title, recorder) {
  let count = 0;
  const failed = [];

  async function step(name, body) {
    count++;
    const label = `${String(count).padStart(2)} ${name}`;
    const started = Date.now();
    const firstExchange = recorder?.exchanges.length ?? 0;
    try {
      await body();
      console.log(`ok ${label} (${Date.now() - started} ms)`);
    } catch (e) {
      failed.push(label.trim());
      console.log(`FAILED ${label}`);
      console.error(`FAILED ${label}: ${e?.stack ?? e}`);
      if (e?.name === "RestError") {
        console.error(`  statusCode=${e.statusCode} code=${errorInfo(e).code}`);
        console.error(`  response body: ${e.response?.bodyAsText}`);
      }
      if (recorder) {
        console.error("  this step's last requests:");
        for (const entry of recorder.exchanges.slice(Math.max(firstExchange, recorder.exchanges.length - 12))) {
          console.error(`    ${describe(entry)}`);
        }
      }
    }
  }

  /** `<TITLE> OK`, or the steps that failed and a non-zero exit code. */
  function finish() {
    if (failed.length) {
      const message = `${title} FAILED: ${failed.length} of ${count} steps failed: ${failed.join("; ")}`;
      console.log(message);
      console.error(message);
      process.exitCode = 1;
      return;
    }
    const requests = recorder ? `, ${recorder.exchanges.length} requests` : "";
    console.log(`${title} OK (${count} steps${requests})`);
  }

  /** Runs `main`, then finishes; an error outside every step fails the run too. */
  async function run(main) {
    try {
      await main();
    } catch (e) {
      failed.push(`outside a step: ${e?.message ?? e}`);
      console.error(e?.stack ?? e);
    }
    finish();
  }

  return { step, finish, run };
}

/** Status and service error code of a failed call (x-ms-error-code, as the SDK parsed it). */
export function errorInfo(e) {
  return {
    statusCode: e?.statusCode,
    code: e?.details?.errorCode ?? e?.response?.parsedBody?.odataError?.code
      ?? e?.response?.headers?.get("x-ms-error-code") ?? e?.code,
  };
}

/** Awaits a call that must fail with `statusCode` (and `code`, when given); the SDK's error. */
export async function expectRestError(promise, statusCode, code) {
  let error;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  assert.ok(error, `expected the call to fail with ${statusCode} ${code ?? ""} but it succeeded`);
  if (error.name !== "RestError") {
    throw error;
  }
  const info = errorInfo(error);
  const body = error.response?.bodyAsText ?? "";
  assert.equal(info.statusCode, statusCode, `status code (error code ${info.code}; body ${body})`);
  if (code) {
    assert.equal(info.code, code, `error code (status ${info.statusCode}; body ${body})`);
  }
  return error;
}

/** Every item of an async iterable (a paged listing), in order. */
export async function collect(iterable) {
  const out = [];
  for await (const x of iterable) out.push(x);
  return out;
}
