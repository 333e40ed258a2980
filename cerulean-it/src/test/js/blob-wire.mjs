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
import { args, expectRestError, settingsOf, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob-wire.mjs", "connection string");
const { AccountName: accountName, AccountKey: accountKey, BlobEndpoint: blobEndpoint } =
  settingsOf(connectionString, "AccountName", "AccountKey", "BlobEndpoint");

const MESSAGE = "Server failed to authenticate the request. Make sure the value of Authorization header is "
  + "formed correctly including the signature.";
const credential = new StorageSharedKeyCredential(accountName, accountKey);
const service = new BlobServiceClient(blobEndpoint, newPipeline(credential, { retryOptions: { maxTries: 1 } }));
const suffix = unique("");
const container = service.getContainerClient(`jswire-${suffix}`);
const { step, run } = steps("WIRE");

async function main() {
  await container.create();
  const blob = container.getBlockBlobClient("doc.txt");
  await blob.upload("contents", 8, { tags: { a: "b" } });

  await step("a wrong key: 403 AuthenticationFailed naming the string to sign the server used", async () => {
    const wrongKey = Buffer.from("not the account's key").toString("base64");
    const wrong = new BlobServiceClient(blobEndpoint, newPipeline(new StorageSharedKeyCredential(accountName,
      wrongKey), { retryOptions: { maxTries: 1 } }));
    const e = await expectRestError(wrong.getContainerClient(container.containerName).getBlobClient("doc.txt")
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
    const e = await expectRestError(viaSas.download(), 403, "AuthenticationFailed");
    assert.match(e.details.authenticationErrorDetail, /^Signature not valid in the specified time frame: Start \[\w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT\] - Expiry \[/);
  });

  await step("If-None-Match: * on a read: 400 UnsatisfiableCondition", async () => {
    await expectRestError(blob.download(0, undefined, { conditions: { ifNoneMatch: "*" } }), 400, "UnsatisfiableCondition");
    await expectRestError(blob.getProperties({ conditions: { ifNoneMatch: "*" } }), 400, "UnsatisfiableCondition");
    assert.equal((await blob.getProperties()).contentLength, 8);
  });

  await step("a where the service cannot read: what is wrong as the message", async () => {
    const e = await expectRestError(container.findBlobsByTags("key1='valffffff @'").byPage().next(), 400,
      "InvalidQueryParameterValue");
    assert.ok(e.details.message.startsWith(
      "Error parsing query at or near character position 18: '@' not permitted in tag name or value"),
    e.details.message);
  });

  await container.delete();
}

await run(main);
