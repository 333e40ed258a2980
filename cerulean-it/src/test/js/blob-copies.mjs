// Copies across accounts and from URLs served elsewhere, through the JavaScript Blob SDK
// (@azure/storage-blob), against a running Cerulean server with two accounts.
//
//   node blob-copies.mjs "<connection string of the destination account>" "<connection string of the source account>"
//
// The source account's blobs are copied into the destination account's container: with a blob SAS
// of the source (beginCopyFromURL polled to success, syncCopyFromURL, stageBlockFromURL), refused
// without one (403 CannotVerifyCopySource); and from a small HTTP server this script starts on
// loopback (syncCopyFromURL, beginCopyFromURL, a 404 source). Retries are off, so every error is seen
// as the server sent it. Prints one line per step and `COPIES OK` at the end; exits non-zero on failure.

import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import {
  BlobSASPermissions,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters,
} from "@azure/storage-blob";

const [destinationString, sourceString] = process.argv.slice(2);
if (!destinationString || !sourceString) {
  console.error('usage: node blob-copies.mjs "<destination connection string>" "<source connection string>"');
  process.exit(2);
}
const settingsOf = (connectionString) => Object.fromEntries(
  connectionString.split(";").filter((part) => part.includes("=")).map((part) => {
    const at = part.indexOf("=");
    return [part.slice(0, at), part.slice(at + 1)];
  }));
const sourceSettings = settingsOf(sourceString);
const options = { retryOptions: { maxTries: 1 } };
const destination = BlobServiceClient.fromConnectionString(destinationString, options);
const sourceService = BlobServiceClient.fromConnectionString(sourceString, options);
const sourceCredential = new StorageSharedKeyCredential(sourceSettings.AccountName, sourceSettings.AccountKey);
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const target = destination.getContainerClient(`jscopy-${suffix}`);
const origin = sourceService.getContainerClient(`jssource-${suffix}`);
const bytes = randomBytes(200 * 1024);
const digest = (buffer) => createHash("sha256").update(buffer).digest("hex");

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

async function expectError(call, statusCode, code) {
  try {
    await call();
  } catch (e) {
    assert.equal(e.statusCode, statusCode, `status of ${e.message}`);
    assert.equal(e.details?.errorCode ?? e.response?.headers?.get("x-ms-error-code"), code);
    return;
  }
  assert.fail(`expected ${statusCode} ${code}`);
}

function readSas(blobName) {
  return generateBlobSASQueryParameters({
    containerName: origin.containerName,
    blobName,
    permissions: BlobSASPermissions.parse("r"),
    expiresOn: new Date(Date.now() + 60 * 60 * 1000),
  }, sourceCredential).toString();
}

// A small HTTP server of the script's own, on loopback: the bytes, and a 404.
const remote = createServer((request, response) => {
  if (request.url === "/remote/data.bin") {
    response.writeHead(200, { "Content-Type": "application/x-remote", "Content-Length": bytes.length });
    response.end(bytes);
  } else {
    response.writeHead(404, { "Content-Length": 0 });
    response.end();
  }
});
await new Promise((resolve) => remote.listen(0, "127.0.0.1", resolve));
const remoteUrl = (path) => `http://127.0.0.1:${remote.address().port}${path}`;

await target.create();
await origin.create();
const source = origin.getBlockBlobClient("source.bin");
await source.uploadData(bytes, { blobHTTPHeaders: { blobContentType: "application/x-source" }, metadata: { origin: "other" } });
const sourceUrl = `${source.url}?${readSas("source.bin")}`;

await step("Copy Blob from another account with its SAS, polled to success", async () => {
  const copy = target.getBlobClient("copied.bin");
  const poller = await copy.beginCopyFromURL(sourceUrl, { intervalInMs: 100 });
  const result = await poller.pollUntilDone();
  assert.equal(result.copyStatus, "success");
  assert.equal(digest(await copy.downloadToBuffer()), digest(bytes));
  const properties = await copy.getProperties();
  assert.equal(properties.contentType, "application/x-source");
  assert.equal(properties.metadata.origin, "other");
});

await step("Copy Blob From URL and Put Block From URL from another account with its SAS", async () => {
  const synced = target.getBlobClient("synced.bin");
  const response = await synced.syncCopyFromURL(sourceUrl);
  assert.equal(response.copyStatus, "success");
  assert.equal(digest(await synced.downloadToBuffer()), digest(bytes));
  const blocks = target.getBlockBlobClient("staged.bin");
  const id = Buffer.from("block-1").toString("base64");
  await blocks.stageBlockFromURL(id, sourceUrl, 100, 50);
  await blocks.commitBlockList([id]);
  assert.equal(digest(await blocks.downloadToBuffer()), digest(bytes.subarray(100, 150)));
});

await step("without the source's SAS: 404 CannotVerifyCopySource, as reading it would be, nothing written", async () => {
  const never = target.getBlobClient("never.bin");
  await expectError(() => never.syncCopyFromURL(source.url), 404, "CannotVerifyCopySource");
  await expectError(async () => (await never.beginCopyFromURL(source.url)).pollUntilDone(), 404,
    "CannotVerifyCopySource");
  assert.equal(await never.exists(), false);
});

await step("copies from a URL served elsewhere: sync, in the background, and a 404 source", async () => {
  const synced = target.getBlobClient("remote-synced.bin");
  await synced.syncCopyFromURL(remoteUrl("/remote/data.bin"));
  assert.equal(digest(await synced.downloadToBuffer()), digest(bytes));
  assert.equal((await synced.getProperties()).contentType, "application/x-remote");
  const copied = target.getBlobClient("remote-copied.bin");
  const poller = await copied.beginCopyFromURL(remoteUrl("/remote/data.bin"), { intervalInMs: 100 });
  assert.equal((await poller.pollUntilDone()).copyStatus, "success");
  assert.equal(digest(await copied.downloadToBuffer()), digest(bytes));
  await expectError(() => target.getBlobClient("missing.bin").syncCopyFromURL(remoteUrl("/remote/missing.bin")),
    404, "CannotVerifyCopySource");
});

await target.delete();
await origin.delete();
remote.close();
if (failed.length > 0) {
  console.error(`failed steps: ${failed.join("; ")}`);
  process.exit(1);
}
console.log("COPIES OK");
