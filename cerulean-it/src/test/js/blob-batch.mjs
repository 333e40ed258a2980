// Blob Batch through the JavaScript SDK's BlobBatchClient (@azure/storage-blob) against a running
// Cerulean server.
//
//   node blob-batch.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Retries are off, so every answer is seen as the server sent it. Each sub-request is signed by the
// SDK with the credential given for it: the account key, or none for a URL that carries a SAS.
// Prints one line per step and `BLOB BATCH OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import {
  AccountSASPermissions,
  AccountSASResourceTypes,
  AccountSASServices,
  AnonymousCredential,
  BlobBatch,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateAccountSASQueryParameters,
  newPipeline,
} from "@azure/storage-blob";
import { args, settingsOf, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob-batch.mjs", "connection string");
const { AccountName: accountName, AccountKey: accountKey, BlobEndpoint: blobEndpoint } =
  settingsOf(connectionString, "AccountName", "AccountKey", "BlobEndpoint");

const credential = new StorageSharedKeyCredential(accountName, accountKey);
const service = new BlobServiceClient(blobEndpoint, newPipeline(credential, { retryOptions: { maxTries: 1 } }));
const { step, run } = steps("BLOB BATCH");

/** A new container holding blobs b0..b(count-1). */
async function containerWith(prefix, count) {
  const container = service.getContainerClient(unique(`${prefix}-`));
  await container.create();
  const blobs = [];
  for (let i = 0; i < count; i++) {
    const blob = container.getBlockBlobClient(`b${i}`);
    await blob.upload(`bytes of ${i}`, `bytes of ${i}`.length);
    blobs.push(blob);
  }
  return { container, blobs };
}

async function names(container) {
  const found = [];
  for await (const item of container.listBlobsFlat()) {
    found.push(item.name);
  }
  return found.sort();
}

/** A SAS for the account's blobs with these permissions, as a query string. */
function accountSas(permissions) {
  return generateAccountSASQueryParameters({
    expiresOn: new Date(Date.now() + 3600 * 1000),
    permissions: AccountSASPermissions.parse(permissions),
    resourceTypes: AccountSASResourceTypes.parse("o").toString(),
    services: AccountSASServices.parse("b").toString(),
  }, credential).toString();
}

/** "202" or "404 BlobNotFound", as a sub-response was answered. */
function outcome(subResponse) {
  return subResponse.errorCode ? `${subResponse.status} ${subResponse.errorCode}` : `${subResponse.status}`;
}

async function main() {
  console.log(`blob endpoint ${blobEndpoint} account ${accountName}`);

  await step("deleteBlobs on the account: 202 each, the blobs gone", async () => {
    const { container, blobs } = await containerWith("jsbatch", 3);
    await container.getBlockBlobClient("kept").upload("kept", 4);
    const response = await service.getBlobBatchClient().deleteBlobs(blobs, credential);
    assert.equal(response.subResponses.length, 3);
    assert.equal(response.subResponsesSucceededCount, 3);
    assert.deepEqual(response.subResponses.map(outcome), ["202", "202", "202"]);
    for (let i = 0; i < 3; i++) {
      assert.equal(response.subResponses[i]._request.url, blobs[i].url);
      assert.ok(response.subResponses[i].headers.get("x-ms-request-id"));
    }
    assert.deepEqual(await names(container), ["kept"]);
  });

  await step("deleteBlobs in a container's batch: 202 each, the container empty", async () => {
    const { container, blobs } = await containerWith("jscbatch", 4);
    const response = await container.getBlobBatchClient().deleteBlobs(blobs.map((b) => b.url), credential);
    assert.deepEqual(response.subResponses.map(outcome), ["202", "202", "202", "202"]);
    assert.deepEqual(await names(container), []);
  });

  await step("each sub-request with its own credential: SAS without d 403, missing 404, the others 202", async () => {
    const { container, blobs } = await containerWith("jsmixed", 3);
    const batch = new BlobBatch();
    await batch.deleteBlob(blobs[0].url, credential);
    await batch.deleteBlob(container.getBlobClient("missing").url, credential);
    await batch.deleteBlob(`${blobs[1].url}?${accountSas("r")}`, new AnonymousCredential());
    await batch.deleteBlob(`${blobs[2].url}?${accountSas("d")}`, new AnonymousCredential());
    const response = await service.getBlobBatchClient().submitBatch(batch);
    assert.deepEqual(response.subResponses.map(outcome),
      ["202", "404 BlobNotFound", "403 AuthorizationPermissionMismatch", "202"]);
    assert.equal(response.subResponsesFailedCount, 2);
    assert.deepEqual(await names(container), ["b1"]);
  });

  await step("setBlobsAccessTier: each part answers as Set Blob Tier answers alone", async () => {
    const { blobs } = await containerWith("jstier", 3);
    let alone;
    try {
      alone = `${(await blobs[0].setAccessTier("Cool"))._response.status}`;
    } catch (e) {
      alone = `${e.statusCode} ${e.code}`;
    }
    const response = await service.getBlobBatchClient()
      .setBlobsAccessTier(blobs.slice(1).map((b) => b.url), credential, "Cool");
    assert.deepEqual(response.subResponses.map(outcome), [alone, alone]);
  });

  await step("a blob of another container in a container's batch: refused as a whole, nothing deleted", async () => {
    const mine = await containerWith("jsmine", 1);
    const theirs = await containerWith("jstheirs", 1);
    const response = await mine.container.getBlobBatchClient()
      .deleteBlobs([mine.blobs[0].url, theirs.blobs[0].url], credential);
    assert.equal(response.subResponsesFailedCount, 1);
    assert.equal(response.subResponsesSucceededCount, 0);
    assert.deepEqual(await names(mine.container), ["b0"]);
    assert.deepEqual(await names(theirs.container), ["b0"]);
  });

}

await run(main);
