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
import { args, expectRestError, settingsOf, steps, unique } from "./harness.mjs";

const [destinationString, sourceString] =
  args("blob-copies.mjs", "destination connection string", "source connection string");
const sourceSettings = settingsOf(sourceString, "AccountName", "AccountKey");
const options = { retryOptions: { maxTries: 1 } };
const destination = BlobServiceClient.fromConnectionString(destinationString, options);
const sourceService = BlobServiceClient.fromConnectionString(sourceString, options);
const sourceCredential = new StorageSharedKeyCredential(sourceSettings.AccountName, sourceSettings.AccountKey);
const suffix = unique("");
const target = destination.getContainerClient(`jscopy-${suffix}`);
const origin = sourceService.getContainerClient(`jssource-${suffix}`);
const bytes = randomBytes(200 * 1024);
const digest = (buffer) => createHash("sha256").update(buffer).digest("hex");
const { step, finish } = steps("COPIES");

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
  await expectRestError(never.syncCopyFromURL(source.url), 404, "CannotVerifyCopySource");
  await expectRestError(never.beginCopyFromURL(source.url).then((poller) => poller.pollUntilDone()), 404,
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
  await expectRestError(target.getBlobClient("missing.bin").syncCopyFromURL(remoteUrl("/remote/missing.bin")),
    404, "CannotVerifyCopySource");
});

await target.delete();
await origin.delete();
remote.close();
finish();
