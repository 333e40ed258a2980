// Refusals as the JavaScript Blob SDK (@azure/storage-blob) reads them from a running Cerulean server.
//
//   node blob-wire.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Why a credential was refused (the SDK reads <AuthenticationErrorDetail> into
// details.authenticationErrorDetail), If-None-Match: * on a read, and a Find Blobs by Tags query the
// service cannot read. Retries are off, so every answer is seen as it was sent. Prints one line per
// step and `WIRE OK` at the end; exits non-zero after the steps if any failed.

import assert from "node:assert/strict";
import {
  BlobSASPermissions,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters,
  newPipeline,
} from "@azure/storage-blob";

const [connectionString] = process.argv.slice(2);
if (!connectionString) {
  console.error('usage: node blob-wire.mjs "<connection string>"');
  process.exit(2);
}
const settings = Object.fromEntries(
  connectionString.split(";").filter((part) => part.includes("=")).map((part) => {
    const at = part.indexOf("=");
    return [part.slice(0, at), part.slice(at + 1)];
  }));
const { AccountName: accountName, AccountKey: accountKey, BlobEndpoint: blobEndpoint } = settings;
if (!accountName || !accountKey || !blobEndpoint) {
  console.error(`the connection string lacks AccountName, AccountKey or BlobEndpoint: ${connectionString}`);
  process.exit(2);
}

const MESSAGE = "Server failed to authenticate the request. Make sure the value of Authorization header is "
  + "formed correctly including the signature.";
const credential = new StorageSharedKeyCredential(accountName, accountKey);
const service = new BlobServiceClient(blobEndpoint, newPipeline(credential, { retryOptions: { maxTries: 1 } }));
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const container = service.getContainerClient(`jswire-${suffix}`);

let stepNo = 0;
const failed = [];

async function step(name, body) {
  stepNo++;
  const label = `${String(stepNo).padStart(2)} ${name}`;
  const started = Date.now();
  try {
    await body();
    console.log(`ok ${label} (${Date.now() - started} ms)`);
  } catch (e) {
    failed.push(label.trim());
    console.log(`FAILED ${label}`);
    console.error(`FAILED ${label}: ${e?.stack ?? e}`);
    if (e?.name === "RestError") {
      console.error(`  statusCode=${e.statusCode} code=${e.details?.errorCode} body: ${e.response?.bodyAsText}`);
    }
  }
}

/** The RestError the call fails with, after checking its status and code. */
async function refusal(promise, status, code) {
  try {
    await promise;
  } catch (e) {
    assert.equal(e.statusCode, status, `status of ${e.message}`);
    assert.equal(e.details?.errorCode ?? e.response?.headers?.get("x-ms-error-code"), code);
    return e;
  }
  assert.fail(`expected ${status} ${code}`);
}

async function main() {
  await container.create();
  const blob = container.getBlockBlobClient("doc.txt");
  await blob.upload("contents", 8, { tags: { a: "b" } });

  await step("a wrong key: 403 AuthenticationFailed naming the string to sign the server used", async () => {
    const wrongKey = Buffer.from("not the account's key").toString("base64");
    const wrong = new BlobServiceClient(blobEndpoint, newPipeline(new StorageSharedKeyCredential(accountName,
      wrongKey), { retryOptions: { maxTries: 1 } }));
    const e = await refusal(wrong.getContainerClient(container.containerName).getBlobClient("doc.txt")
      .download(), 403, "AuthenticationFailed");
    assert.ok(e.details.message.startsWith(`${MESSAGE}\nRequestId:`), e.details.message);
    assert.match(e.details.authenticationErrorDetail, /^The MAC signature found in the HTTP request '[^']+' is not the same as any computed signature\. Server used following string to sign: 'GET\n/);
  });

  await step("an expired SAS: the times the server compared", async () => {
    const sas = generateBlobSASQueryParameters({
      containerName: container.containerName, blobName: "doc.txt", permissions: BlobSASPermissions.parse("r"),
      startsOn: new Date(Date.now() - 2 * 3600_000), expiresOn: new Date(Date.now() - 3600_000),
    }, credential).toString();
    const viaSas = new BlobServiceClient(`${blobEndpoint}?${sas}`, newPipeline(undefined,
      { retryOptions: { maxTries: 1 } })).getContainerClient(container.containerName).getBlobClient("doc.txt");
    const e = await refusal(viaSas.download(), 403, "AuthenticationFailed");
    assert.match(e.details.authenticationErrorDetail, /^Signature not valid in the specified time frame: Start \[\w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT\] - Expiry \[/);
  });

  await step("If-None-Match: * on a read: 400 UnsatisfiableCondition", async () => {
    await refusal(blob.download(0, undefined, { conditions: { ifNoneMatch: "*" } }), 400, "UnsatisfiableCondition");
    await refusal(blob.getProperties({ conditions: { ifNoneMatch: "*" } }), 400, "UnsatisfiableCondition");
    assert.equal((await blob.getProperties()).contentLength, 8);
  });

  await step("a where the service cannot read: what is wrong as the message", async () => {
    const e = await refusal(container.findBlobsByTags("key1='valffffff @'").byPage().next(), 400,
      "InvalidQueryParameterValue");
    assert.ok(e.details.message.startsWith(
      "Error parsing query at or near character position 18: '@' not permitted in tag name or value"),
    e.details.message);
  });

  await container.delete();
}

try {
  await main();
} catch (e) {
  failed.push(`outside any step: ${e?.stack ?? e}`);
}
if (failed.length) {
  const message = `WIRE FAILED: ${failed.length} of ${stepNo} steps failed: ${failed.join("; ")}`;
  console.log(message);
  console.error(message);
  process.exitCode = 1;
} else {
  console.log(`WIRE OK (${stepNo} steps)`);
}
