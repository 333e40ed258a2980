// Access tiers and sealed append blobs through the JavaScript Blob SDK (@azure/storage-blob)
// against a running Cerulean server whose rehydration delay is a few seconds.
//
//   node blob-tiers.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Retries are off, so every server error is seen as it was sent. Set DEBUG_BLOB=1 to print every
// request. Prints one line per step and `TIERS OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import { BlobServiceClient } from "@azure/storage-blob";

const [connectionString] = process.argv.slice(2);
if (!connectionString) {
  console.error('usage: node blob-tiers.mjs "<connection string>"');
  process.exit(2);
}

// Request recorder, after signing: what went on the wire and what came back.
const exchanges = [];
const debug = Boolean(process.env.DEBUG_BLOB);
const RECORDER = "ceruleanTiersRecorder";
const recorder = {
  name: RECORDER,
  async sendRequest(request, next) {
    const entry = { method: request.method, url: request.url, status: undefined };
    exchanges.push(entry);
    try {
      const response = await next(request);
      entry.status = response.status;
      entry.errorCode = response.headers.get("x-ms-error-code");
      entry.body = response.bodyAsText;
      return response;
    } catch (e) {
      entry.error = String(e);
      throw e;
    } finally {
      if (debug) {
        console.log(`    ${describe(entry)}`);
      }
    }
  },
};

function describe(e) {
  const outcome = e.error ? `error ${e.error}` : `${e.status}${e.errorCode ? " " + e.errorCode : ""}`;
  const body = e.status >= 400 && e.body ? `\n        body: ${e.body}` : "";
  return `${e.method} ${e.url} -> ${outcome}${body}`;
}

const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });
service.storageClientContext.pipeline.addPolicy(recorder, { afterPhase: "Sign" });
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const container = service.getContainerClient(`jstier-${suffix}`);

let stepNo = 0;
const failed = [];

/** Runs one step; a failing one is reported with its last requests, and the script goes on. */
async function step(name, body) {
  stepNo++;
  const label = `${String(stepNo).padStart(2)} ${name}`;
  const started = Date.now();
  const firstExchange = exchanges.length;
  try {
    await body();
    console.log(`ok ${label} (${Date.now() - started} ms)`);
  } catch (e) {
    failed.push(label.trim());
    console.log(`FAILED ${label}`);
    console.error(`FAILED ${label}: ${e?.stack ?? e}`);
    for (const entry of exchanges.slice(Math.max(firstExchange, exchanges.length - 12))) {
      console.error(`    ${describe(entry)}`);
    }
  }
}

async function expectRestError(promise, statusCode, code) {
  let error;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  assert.ok(error, `expected the call to fail with ${statusCode} ${code} but it succeeded`);
  if (error.name !== "RestError") {
    throw error;
  }
  const actual = error.details?.errorCode ?? error.response?.headers?.get("x-ms-error-code") ?? error.code;
  assert.equal(error.statusCode, statusCode, `status code (error code ${actual})`);
  assert.equal(actual, code, `error code (status ${error.statusCode})`);
}

const lastStatus = () => exchanges.at(-1)?.status;

async function listed(name) {
  for await (const item of container.listBlobsFlat()) {
    if (item.name === name) {
      return item.properties;
    }
  }
  assert.fail(`${name} is not listed`);
}

async function downloadText(blob) {
  const response = await blob.download();
  const chunks = [];
  for await (const chunk of response.readableStreamBody) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const blockId = (text) => Buffer.from(text).toString("base64");

async function main() {
  await container.create();

  await step("upload and commit with a tier; Set Blob Tier changes it at once (200), keeping the ETag", async () => {
    const cool = container.getBlockBlobClient("cool.txt");
    await cool.upload("cool", 4, { tier: "Cool" });
    const committed = container.getBlockBlobClient("cold.txt");
    await committed.stageBlock(blockId("b1"), "cold", 4);
    await committed.commitBlockList([blockId("b1")], { tier: "Cold" });
    const plain = container.getBlockBlobClient("plain.txt");
    await plain.upload("plain", 5);

    assert.equal((await cool.getProperties()).accessTier, "Cool");
    assert.equal((await committed.getProperties()).accessTier, "Cold");
    const before = await plain.getProperties();
    assert.equal(before.accessTier, "Hot");
    assert.equal(before.accessTierInferred, true);
    await plain.setAccessTier("Cool");
    assert.equal(lastStatus(), 200);
    const after = await plain.getProperties();
    assert.equal(after.accessTier, "Cool");
    assert.notEqual(after.accessTierInferred, true);
    assert.ok(after.accessTierChangedOn, "AccessTierChangeTime");
    assert.equal(after.etag, before.etag);
    assert.equal((await listed("plain.txt")).accessTier, "Cool");
  });

  await step("an archived blob: properties answered, download and metadata 409 BlobArchived", async () => {
    const blob = container.getBlockBlobClient("archived.txt");
    await blob.upload("offline", 7, { tier: "Archive" });

    assert.equal((await blob.getProperties()).accessTier, "Archive");
    assert.equal((await listed("archived.txt")).accessTier, "Archive");
    await expectRestError(blob.download(), 409, "BlobArchived");
    await expectRestError(blob.setMetadata({ k: "v" }), 409, "BlobArchived");
  });

  await step("rehydration: 202, pending to Hot at High priority, then Hot once the delay has passed", async () => {
    const blob = container.getBlockBlobClient("archived.txt");
    await blob.setAccessTier("Hot", { rehydratePriority: "High" });
    assert.equal(lastStatus(), 202);
    const pending = await blob.getProperties();
    assert.equal(pending.accessTier, "Archive");
    assert.equal(pending.archiveStatus, "rehydrate-pending-to-hot");
    assert.equal(pending.rehydratePriority, "High");
    const item = await listed("archived.txt");
    assert.equal(item.archiveStatus, "rehydrate-pending-to-hot");
    await expectRestError(blob.setAccessTier("Cool"), 409, "BlobBeingRehydrated");
    await expectRestError(blob.download(), 409, "BlobBeingRehydrated");

    const deadline = Date.now() + 30_000;
    let properties = pending;
    while (properties.accessTier !== "Hot" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      properties = await blob.getProperties();
    }
    assert.equal(properties.accessTier, "Hot");
    assert.equal(properties.archiveStatus, undefined);
    assert.equal(await downloadText(blob), "offline");
  });

  await step("Set Blob Tier refused: 400 InvalidBlobTier for an append blob, 404 BlobNotFound", async () => {
    const append = container.getAppendBlobClient("log.txt");
    await append.create();
    await expectRestError(append.setAccessTier("Cool"), 400, "InvalidBlobTier");
    await expectRestError(container.getBlobClient("none").setAccessTier("Cool"), 404, "BlobNotFound");
  });

  await step("seal an append blob: sealed in properties and listing, append 409 BlobIsSealed", async () => {
    const log = container.getAppendBlobClient("sealed.log");
    await log.create();
    await log.appendBlock("12345", 5);
    await expectRestError(log.seal({ conditions: { appendPosition: 4 } }), 412, "AppendPositionConditionNotMet");
    const sealed = await log.seal({ conditions: { appendPosition: 5 } });
    assert.equal(lastStatus(), 200);
    assert.equal(sealed.isSealed, true);
    await expectRestError(log.appendBlock("6", 1), 409, "BlobIsSealed");
    assert.equal((await log.getProperties()).isSealed, true);
    assert.equal((await listed("sealed.log")).isSealed, true);
    assert.equal(await downloadText(log), "12345");
  });

  await container.delete();
}

try {
  await main();
} catch (e) {
  failed.push(`outside any step: ${e?.stack ?? e}`);
}
if (failed.length) {
  const message = `TIERS FAILED: ${failed.length} of ${stepNo} steps failed: ${failed.join("; ")}`;
  console.log(message);
  console.error(message);
  process.exitCode = 1;
} else {
  console.log(`TIERS OK (${stepNo} steps, ${exchanges.length} requests)`);
}
