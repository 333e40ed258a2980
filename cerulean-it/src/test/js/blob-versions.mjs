// Blob versions and soft delete through the JavaScript Blob SDK (@azure/storage-blob) against a
// running Cerulean server that keeps versions in every account (--blob-versioning).
//
//   node blob-versions.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Retries are off, so every server error is seen as it was sent. Prints one line per step and
// `BLOB VERSIONS OK` at the end; exits non-zero on the first failure.

import assert from "node:assert/strict";
import { BlobServiceClient } from "@azure/storage-blob";

const [connectionString] = process.argv.slice(2);
if (!connectionString) {
  console.error('usage: node blob-versions.mjs "<connection string>"');
  process.exit(2);
}
const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });

let stepNumber = 0;
async function step(name, body) {
  stepNumber++;
  const started = Date.now();
  await body();
  console.log(`ok ${String(stepNumber).padStart(2)} ${name} (${Date.now() - started} ms)`);
}

async function text(client) {
  return (await client.downloadToBuffer()).toString("utf8");
}

async function listed(container, options) {
  const items = [];
  for await (const item of container.listBlobsFlat(options)) {
    items.push(item);
  }
  return items;
}

async function status(promise) {
  try {
    await promise;
  } catch (e) {
    // HEAD answers carry the code in x-ms-error-code only
    return `${e.statusCode} ${e.details?.errorCode ?? e.response?.headers?.get("x-ms-error-code") ?? e.code}`;
  }
  return "no error";
}

const container = service.getContainerClient(`versions-${Date.now().toString(36)}`);
await container.create();
const blob = container.getBlockBlobClient("doc.txt");
let first;
let second;

try {
  await step("service properties keep the soft delete policy", async () => {
    await service.setProperties({ deleteRetentionPolicy: { enabled: true, days: 3 } });
    const policy = (await service.getProperties()).deleteRetentionPolicy;
    assert.equal(policy.enabled, true);
    assert.equal(policy.days, 3);
  });

  await step("each upload answers its version id; the previous one stays readable", async () => {
    first = (await blob.upload("one", 3)).versionId;
    second = (await blob.upload("two!", 4)).versionId;
    assert.ok(first && second && first < second, `${first} then ${second}`);
    assert.equal(await text(blob.withVersion(first)), "one");
    assert.equal((await blob.getProperties()).isCurrentVersion, true);
    assert.equal((await blob.withVersion(first).getProperties()).isCurrentVersion, false);
  });

  await step("list with versions: oldest first, the current one last", async () => {
    const items = await listed(container, { includeVersions: true });
    assert.deepEqual(items.map((i) => [i.versionId, Boolean(i.isCurrentVersion)]), [[first, false], [second, true]]);
  });

  await step("a previous version deleted is kept, listed deleted, and undeleted", async () => {
    await blob.withVersion(first).delete();
    assert.equal(await status(blob.withVersion(first).downloadToBuffer()), "404 BlobNotFound");
    const items = await listed(container, { includeVersions: true, includeDeleted: true });
    assert.deepEqual(items.map((i) => [i.versionId, Boolean(i.deleted)]), [[first, true], [second, false]]);
    await blob.undelete();
    assert.equal(await text(blob.withVersion(first)), "one");
  });

  await step("the current version is not deleted by its id: 403 OperationNotAllowedOnRootBlob", async () => {
    assert.equal(await status(blob.withVersion(second).delete()), "403 OperationNotAllowedOnRootBlob");
  });

  await step("deleting the blob leaves its versions and no current one", async () => {
    await blob.delete();
    assert.equal(await status(blob.getProperties()), "404 BlobNotFound");
    const items = await listed(container, { includeVersions: true });
    assert.deepEqual(items.map((i) => [i.versionId, Boolean(i.isCurrentVersion)]), [[first, false], [second, false]]);
    assert.equal(await text(blob.withVersion(second)), "two!");
  });
} finally {
  await container.deleteIfExists();
}
console.log("BLOB VERSIONS OK");
