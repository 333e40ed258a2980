// Blob versions and soft delete through the JavaScript Blob SDK (@azure/storage-blob) against a
// running Cerulean server that keeps versions in every account (--blob-versioning).
//
//   node blob-versions.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Retries are off, so every server error is seen as it was sent. Prints one line per step and
// `BLOB VERSIONS OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import { BlobServiceClient } from "@azure/storage-blob";
import { args, collect, expectRestError, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob-versions.mjs", "connection string");
const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });

const { step, finish } = steps("BLOB VERSIONS");

async function text(client) {
  return (await client.downloadToBuffer()).toString("utf8");
}

const container = service.getContainerClient(unique("versions-"));
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
    const items = await collect(container.listBlobsFlat({ includeVersions: true }));
    assert.deepEqual(items.map((i) => [i.versionId, Boolean(i.isCurrentVersion)]), [[first, false], [second, true]]);
  });

  await step("a previous version deleted is kept, listed deleted, and undeleted", async () => {
    await blob.withVersion(first).delete();
    await expectRestError(blob.withVersion(first).downloadToBuffer(), 404, "BlobNotFound");
    const items = await collect(container.listBlobsFlat({ includeVersions: true, includeDeleted: true }));
    assert.deepEqual(items.map((i) => [i.versionId, Boolean(i.deleted)]), [[first, true], [second, false]]);
    await blob.undelete();
    assert.equal(await text(blob.withVersion(first)), "one");
  });

  await step("the current version is not deleted by its id: 403 OperationNotAllowedOnRootBlob", async () => {
    await expectRestError(blob.withVersion(second).delete(), 403, "OperationNotAllowedOnRootBlob");
  });

  await step("deleting the blob leaves its versions and no current one", async () => {
    await blob.delete();
    await expectRestError(blob.getProperties(), 404, "BlobNotFound");
    const items = await collect(container.listBlobsFlat({ includeVersions: true }));
    assert.deepEqual(items.map((i) => [i.versionId, Boolean(i.isCurrentVersion)]), [[first, false], [second, false]]);
    assert.equal(await text(blob.withVersion(second)), "two!");
  });
} finally {
  await container.deleteIfExists();
}
finish();

