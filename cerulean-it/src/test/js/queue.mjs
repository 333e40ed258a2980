// The JavaScript Queue SDK (@azure/storage-queue) against a running Cerulean server.
//
//   node queue.mjs "<connection string with AccountName, AccountKey and QueueEndpoint>"
//
// e.g. node queue.mjs "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8...GMGw==;QueueEndpoint=http://127.0.0.1:10001/devstoreaccount1;"
//
// Everything goes through the SDK: QueueServiceClient.fromConnectionString, the QueueClients it
// hands out, and QueueClients built on SAS URLs (generateQueueSASQueryParameters,
// generateAccountSASQueryParameters with a StorageSharedKeyCredential). The one exception is the CORS
// preflight, which browsers send and the SDK never does: that one is a plain fetch. Retries are
// off, so every server error is seen as it was sent. Every request is recorded; set DEBUG_QUEUE=1 to
// print them all, and on failure the last ones are printed anyway.
// Prints one line per step and `QUEUE OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import {
  AccountSASPermissions,
  AccountSASResourceTypes,
  AccountSASServices,
  AnonymousCredential,
  QueueClient,
  QueueSASPermissions,
  QueueServiceClient,
  StorageSharedKeyCredential,
  generateAccountSASQueryParameters,
  generateQueueSASQueryParameters,
} from "@azure/storage-queue";
import { Recorder, args, collect, expectRestError, settingsOf, steps, unique } from "./harness.mjs";

const [connectionString] = args("queue.mjs", "connection string");
const { AccountName: accountName, AccountKey: accountKey, QueueEndpoint: queueEndpoint } =
  settingsOf(connectionString, "AccountName", "AccountKey", "QueueEndpoint");

// Every request recorded as it goes on the wire, request and response bodies kept (DEBUG_QUEUE=1
// prints them all).
const recorder = new Recorder("ceruleanQueueRecorder", "DEBUG_QUEUE");
const recorded = (client) => recorder.attach(client);
const exchanges = recorder.exchanges;
const lastStatus = () => recorder.lastStatus();
const pipelineOptions = () => ({ retryOptions: { maxTries: 1 } }); // see server errors, never retry them away

const service = recorded(QueueServiceClient.fromConnectionString(connectionString, pipelineOptions()));
const credential = new StorageSharedKeyCredential(accountName, accountKey);
const suffix = unique("");
const queueName = `jsq-${suffix}`;
const queue = service.getQueueClient(queueName);
const { step, run } = steps("QUEUE", recorder);

// ---------------------------------------------------------------------------------------------
// Helpers

/** A client on `<queue URL>?<sas>`, anonymous apart from the SAS, recording like the others. */
function sasQueue(name, sas) {
  return recorded(new QueueClient(`${service.getQueueClient(name).url}?${sas}`, new AnonymousCredential(),
    pipelineOptions()));
}

function sasService(sas) {
  return recorded(new QueueServiceClient(`${service.url}?${sas}`, new AnonymousCredential(), pipelineOptions()));
}

function rfc1123ish(date, what) {
  assert.ok(date instanceof Date && !Number.isNaN(date.getTime()), `${what} is not a date: ${date}`);
  assert.equal(date.getUTCMilliseconds(), 0, `${what} has sub-second precision: ${date.toISOString()}`);
}

const SECOND = 1000;
const near = (date, expected, slackMs, what) =>
  assert.ok(Math.abs(date.getTime() - expected) <= slackMs,
    `${what} ${date.toISOString()} is not within ${slackMs} ms of ${new Date(expected).toISOString()}`);

// XML specials, a CDATA terminator, quotes, non-ASCII (2-, 3- and 4-byte UTF-8), a tab and
// surrounding spaces: the text must come back byte for byte.
const trickyText = "  <msg a=\"1\" b='2'> & &amp; &#13; ]]> ü ✓ 😀 \ttab  ";
// Line feeds cannot make the round trip through this SDK: @azure/core-xml's stringifyXML deletes
// every LF from the document it builds (`.replace(/\n/g, "")`) and leaves CR unescaped. The server
// keeps a raw CR in the message text as a CR (as Azurite does; a plain XML parser would read it as
// LF) and writes it back as the reference &#13;, which the Java SDK's parser reads as CR; this SDK's
// parser leaves numeric references as they are, so here the CR comes back as the five characters
// "&#13;" (against Azurite, which writes &#xD;, as "&#xD;"). lineTextBack() says what comes back.
const lineText = "crlf\r\nlone cr\rlone lf\nend";

/** What this SDK reads back for a message whose text the server kept as {@code text}. */
function lineTextBack(text) {
  return text.replace(/\r/g, "&#13;");
}

/** The value of <MessageText> in an XML document, raw CRs kept, as the server reads it. */
function xmlText(body) {
  const m = /<MessageText>([\s\S]*?)<\/MessageText>|<MessageText\s*\/>/.exec(body);
  assert.ok(m, `no MessageText in ${body}`);
  return (m[1] ?? "").replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_, e) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" }[e]);
}

// ---------------------------------------------------------------------------------------------
// The scenario

async function main() {
  // Results one step hands to a later one.
  let sent;
  let received;
  let lineTextOnWire;
  let outOfRangeBody;
  let tooLargeBody;
  console.log(`queue endpoint ${queueEndpoint} account ${accountName} queue ${queueName}`);
  assert.equal(service.url.replace(/\/$/, ""), queueEndpoint.replace(/\/$/, ""), "the service URL");

  await step("createIfNotExists creates, then finds the queue", async () => {
    const first = await queue.createIfNotExists();
    assert.equal(first.succeeded, true, "first createIfNotExists");
    assert.equal(lastStatus(), 201);
    const second = await queue.createIfNotExists();
    assert.equal(second.succeeded, false, "second createIfNotExists");
    assert.equal(lastStatus(), 204, "re-creating with the same (no) metadata answers 204");
    assert.equal(await queue.exists(), true);
    // Different metadata: 409 QueueAlreadyExists, which createIfNotExists reports as not created.
    await expectRestError(queue.create({ metadata: { other: "x" } }), 409, "QueueAlreadyExists");
    const third = await queue.createIfNotExists({ metadata: { other: "x" } });
    assert.equal(third.succeeded, false, "createIfNotExists with other metadata");
  });

  await step("metadata set and get", async () => {
    await queue.setMetadata({ Owner: "Cerulean", camelCaseKey: "v1", lower: "with spaces ok" });
    const props = await queue.getProperties();
    // Node lower-cases response header names, so the SDK's metadata keys are lower case whatever the
    // server sent; the case is checked through List Queues below, where names are XML element names.
    assert.deepEqual(props.metadata, { owner: "Cerulean", camelcasekey: "v1", lower: "with spaces ok" });
    assert.equal(props.approximateMessagesCount, 0);
    await queue.setMetadata({ Owner: "Cerulean", camelCaseKey: "v2" }); // replaces the whole set
    assert.deepEqual((await queue.getProperties()).metadata, { owner: "Cerulean", camelcasekey: "v2" });
  });

  await step("listQueues with prefix, metadata and paging", async () => {
    const names = ["a", "b", "c", "d", "e"].map((x) => `jsp${suffix}-${x}`);
    await Promise.all(names.map((n) => service.createQueue(n)));
    const pages = await collect(service.listQueues({ prefix: `jsp${suffix}-` }).byPage({ maxPageSize: 2 }));
    assert.deepEqual(pages.map((p) => p.queueItems.length), [2, 2, 1], "page sizes");
    assert.deepEqual(pages.flatMap((p) => p.queueItems.map((q) => q.name)), names, "names, in order");
    assert.ok(pages[0].continuationToken, "the first page carries a continuation token");
    assert.ok(!pages[2].continuationToken, `the last page carries no token: '${pages[2].continuationToken}'`);
    const listRequests = exchanges.filter((e) => e.url.includes("comp=list") && e.url.includes(`jsp${suffix}`));
    assert.equal(listRequests.length, 3, "one List Queues request per page");
    assert.ok(listRequests.every((e) => /[?&]maxresults=2\b/.test(e.url)), "every page request carries maxresults=2");

    // Resuming from the first page's token starts exactly at the third queue.
    const resumed = await service.listQueues({ prefix: `jsp${suffix}-` })
      .byPage({ maxPageSize: 2, continuationToken: pages[0].continuationToken }).next();
    assert.deepEqual(resumed.value.queueItems.map((q) => q.name), names.slice(2, 4));

    // The prefix filters; metadata comes back with names as they were set.
    const mine = await collect(service.listQueues({ prefix: queueName, includeMetadata: true }));
    assert.deepEqual(mine.map((q) => q.name), [queueName]);
    assert.deepEqual(mine[0].metadata, { Owner: "Cerulean", camelCaseKey: "v2" }, "metadata names keep their case");
    const without = await collect(service.listQueues({ prefix: queueName }));
    assert.equal(without[0].metadata, undefined, "no metadata unless asked for");
    assert.deepEqual(await collect(service.listQueues({ prefix: `nothing${suffix}` })), []);

    const all = (await collect(service.listQueues())).map((q) => q.name);
    for (const n of [queueName, ...names]) {
      assert.ok(all.includes(n), `${n} missing from an unfiltered listing`);
    }
    await Promise.all(names.map((n) => service.deleteQueue(n)));
  });

  await step("sendMessage with XML specials, unicode, CR LF", async () => {
    const before = Date.now();
    sent = await queue.sendMessage(trickyText);
    assert.equal(lastStatus(), 201);
    assert.match(sent.messageId, /^\S+$/, "messageId");
    assert.ok(sent.popReceipt, "popReceipt");
    for (const [what, date] of [["insertedOn", sent.insertedOn], ["expiresOn", sent.expiresOn],
      ["nextVisibleOn", sent.nextVisibleOn]]) {
      rfc1123ish(date, what);
    }
    near(sent.insertedOn, before, 5 * SECOND, "insertedOn");
    near(sent.expiresOn, sent.insertedOn.getTime() + 7 * 24 * 3600 * SECOND, 2 * SECOND, "expiresOn (7 days default)");
    await queue.sendMessage(lineText);
    const wire = exchanges.at(-1).requestBody;
    assert.ok(!wire.includes("\n"), "this SDK sends no LF (if it does now, drop the note on lineText)");
    lineTextOnWire = xmlText(wire);
    assert.equal(lineTextOnWire, "crlf\rlone cr\rlone lfend", "what the SDK's XML says the text is");
    await queue.sendMessage("third", { visibilityTimeout: 60, messageTimeToLive: 3600 });
    await queue.sendMessage("", {}); // an empty message is a message
    assert.equal((await queue.getProperties()).approximateMessagesCount, 4);
  });

  await step("peekMessages sees the visible messages and changes nothing", async () => {
    const peeked = (await queue.peekMessages({ numberOfMessages: 32 })).peekedMessageItems;
    assert.deepEqual(peeked.map((m) => m.messageText), [trickyText, lineTextBack(lineTextOnWire), ""],
      "the invisible one is not seen");
    assert.equal(peeked[0].messageId, sent.messageId);
    assert.equal(peeked[0].dequeueCount, 0);
    assert.equal(peeked[0].popReceipt, undefined, "peek gives no pop receipt");
    assert.equal(peeked[0].nextVisibleOn, undefined, "peek gives no time next visible");
    const one = (await queue.peekMessages()).peekedMessageItems;
    assert.deepEqual(one.map((m) => m.messageId), [sent.messageId], "peek defaults to one message");
  });

  await step("receiveMessages with numberOfMessages and visibilityTimeout", async () => {
    const before = Date.now();
    received = (await queue.receiveMessages({ numberOfMessages: 2, visibilityTimeout: 120 })).receivedMessageItems;
    assert.equal(received.length, 2);
    const [first, second] = received;
    assert.equal(first.messageId, sent.messageId);
    assert.equal(first.messageText, trickyText, "the text round-trips byte for byte");
    assert.equal(second.messageText, lineTextBack(lineTextOnWire), "line breaks as the XML on the wire had them");
    for (const m of received) {
      assert.equal(m.dequeueCount, 1);
      assert.ok(m.popReceipt, "popReceipt");
      rfc1123ish(m.nextVisibleOn, "nextVisibleOn");
      near(m.nextVisibleOn, before + 120 * SECOND, 3 * SECOND, "nextVisibleOn");
    }
    assert.notEqual(first.popReceipt, sent.popReceipt, "a dequeue issues a new pop receipt");
    // Invisible now: peek sees only the empty message (the "third" one is hidden for a minute).
    const peeked = (await queue.peekMessages({ numberOfMessages: 32 })).peekedMessageItems;
    assert.deepEqual(peeked.map((m) => m.messageText), [""]);
  });

  await step("updateMessage issues a new receipt; the old one is refused", async () => {
    const [first] = received;
    const updated = await queue.updateMessage(first.messageId, first.popReceipt, "updated ✓ <x/>", 0);
    assert.equal(lastStatus(), 204);
    assert.ok(updated.popReceipt && updated.popReceipt !== first.popReceipt, "a new pop receipt");
    rfc1123ish(updated.nextVisibleOn, "nextVisibleOn");
    await expectRestError(queue.updateMessage(first.messageId, first.popReceipt, "stale", 0), 400, "PopReceiptMismatch");
    await expectRestError(queue.deleteMessage(first.messageId, first.popReceipt), 400, "PopReceiptMismatch");
    // Visible again at once, with the new text, the same id and dequeue count. (Not necessarily
    // first in line: the empty message has been visible for longer.)
    const peeked = (await queue.peekMessages({ numberOfMessages: 32 })).peekedMessageItems
      .find((m) => m.messageId === first.messageId);
    assert.ok(peeked, "the updated message is visible");
    assert.equal(peeked.messageText, "updated ✓ <x/>");
    assert.equal(peeked.dequeueCount, 1, "update leaves the dequeue count");
    // Update without text keeps the text.
    const again = await queue.updateMessage(first.messageId, updated.popReceipt, undefined, 0);
    const all = (await queue.receiveMessages({ numberOfMessages: 32, visibilityTimeout: 30 })).receivedMessageItems;
    assert.deepEqual(all.map((m) => m.messageText).sort(), ["", "updated ✓ <x/>"], "the two visible messages");
    const got = all.find((m) => m.messageId === first.messageId);
    assert.equal(got.messageText, "updated ✓ <x/>");
    assert.equal(got.dequeueCount, 2, "a second dequeue counts");
    assert.notEqual(got.popReceipt, again.popReceipt);
    received[0] = got;
  });

  await step("deleteMessage, then again: 404 MessageNotFound", async () => {
    for (const m of received) {
      await queue.deleteMessage(m.messageId, m.popReceipt);
      assert.equal(lastStatus(), 204);
    }
    await expectRestError(queue.deleteMessage(received[0].messageId, received[0].popReceipt), 404, "MessageNotFound");
    await expectRestError(queue.updateMessage(received[1].messageId, received[1].popReceipt, "x", 0), 404,
      "MessageNotFound");
    assert.equal((await queue.getProperties()).approximateMessagesCount, 2, "the empty and the hidden one");
  });

  await step("clearMessages removes visible and invisible messages", async () => {
    await queue.receiveMessages({ numberOfMessages: 32, visibilityTimeout: 60 });
    await queue.clearMessages();
    assert.equal(lastStatus(), 204);
    assert.equal((await queue.getProperties()).approximateMessagesCount, 0);
    assert.deepEqual((await queue.peekMessages({ numberOfMessages: 32 })).peekedMessageItems, []);
    assert.deepEqual((await queue.receiveMessages({ numberOfMessages: 32 })).receivedMessageItems, []);
  });

  const startsOn = new Date(Date.now() - 5 * 60 * SECOND);
  const expiresOn = new Date(Date.now() + 60 * 60 * SECOND);
  startsOn.setUTCMilliseconds(0);
  expiresOn.setUTCMilliseconds(0);
  await step("setAccessPolicy and getAccessPolicy", async () => {
    assert.deepEqual((await queue.getAccessPolicy()).signedIdentifiers, [], "a new queue has no policies");
    await queue.setAccessPolicy([
      { id: "readers", accessPolicy: { startsOn, expiresOn, permissions: "r" } },
      { id: "all-four", accessPolicy: { startsOn, expiresOn, permissions: "raup" } },
    ]);
    const ids = (await queue.getAccessPolicy()).signedIdentifiers;
    assert.deepEqual(ids.map((i) => i.id), ["readers", "all-four"]);
    assert.equal(ids[1].accessPolicy.permissions, "raup");
    assert.equal(ids[1].accessPolicy.startsOn.getTime(), startsOn.getTime());
    assert.equal(ids[1].accessPolicy.expiresOn.getTime(), expiresOn.getTime());
  });

  const otherName = `jso-${suffix}`;
  await step("queue SAS raup: works on its queue, refused elsewhere", async () => {
    await service.createQueue(otherName);
    const sas = generateQueueSASQueryParameters({
      queueName,
      permissions: QueueSASPermissions.parse("raup"),
      startsOn,
      expiresOn,
    }, credential).toString();
    assert.match(sas, /(^|&)sp=raup(&|$)/);
    const viaSas = sasQueue(queueName, sas);
    const put = await viaSas.sendMessage("via sas <&>"); // a
    const peeked = (await viaSas.peekMessages()).peekedMessageItems; // r
    assert.deepEqual(peeked.map((m) => m.messageText), ["via sas <&>"]);
    await viaSas.getProperties(); // r
    const got = (await viaSas.receiveMessages()).receivedMessageItems[0]; // p
    assert.equal(got.messageId, put.messageId);
    const upd = await viaSas.updateMessage(got.messageId, got.popReceipt, "updated via sas", 0); // u
    await viaSas.deleteMessage(got.messageId, upd.popReceipt); // p
    assert.equal((await queue.getProperties()).approximateMessagesCount, 0);

    // The signature covers the queue name: on another queue it does not verify.
    const elsewhere = sasQueue(otherName, sas);
    await expectRestError(elsewhere.sendMessage("nope"), 403, "AuthenticationFailed");
    await expectRestError(elsewhere.peekMessages(), 403, "AuthenticationFailed");
    await expectRestError(sasQueue(`jsn-${suffix}`, sas).create(), 403, "AuthenticationFailed");
    assert.equal(await service.getQueueClient(`jsn-${suffix}`).exists(), false, "the SAS created a queue");
    // On its own queue the signature verifies, but a queue SAS never creates, deletes, clears or
    // touches the ACL, whatever its letters.
    await expectRestError(viaSas.create(), 403, "AuthorizationPermissionMismatch");
    await expectRestError(viaSas.delete(), 403, "AuthorizationPermissionMismatch");
    await expectRestError(viaSas.clearMessages(), 403, "AuthorizationPermissionMismatch");
    await expectRestError(viaSas.getAccessPolicy(), 403, "AuthorizationPermissionMismatch");
    await expectRestError(viaSas.setMetadata({ a: "b" }), 403, "AuthorizationPermissionMismatch");
    assert.equal(await queue.exists(), true);

    // Missing letters: read only.
    const readOnly = sasQueue(queueName, generateQueueSASQueryParameters({
      queueName, permissions: QueueSASPermissions.parse("r"), startsOn, expiresOn,
    }, credential).toString());
    await readOnly.peekMessages();
    await expectRestError(readOnly.sendMessage("nope"), 403, "AuthorizationPermissionMismatch");
    await expectRestError(readOnly.receiveMessages(), 403, "AuthorizationPermissionMismatch");

    // Through the stored policy "readers" (permissions r, times from the policy).
    const viaPolicy = sasQueue(queueName, generateQueueSASQueryParameters({ queueName, identifier: "readers" },
      credential).toString());
    await viaPolicy.peekMessages();
    await expectRestError(viaPolicy.sendMessage("nope"), 403, "AuthorizationPermissionMismatch");

    // Expired.
    const expired = sasQueue(queueName, generateQueueSASQueryParameters({
      queueName, permissions: QueueSASPermissions.parse("raup"), expiresOn: new Date(Date.now() - 60 * SECOND),
    }, credential).toString());
    await expectRestError(expired.peekMessages(), 403, "AuthenticationFailed");
  });

  await step("account SAS (q, sco, rlap): lists, sends, receives; never creates or deletes", async () => {
    const sas = generateAccountSASQueryParameters({
      services: AccountSASServices.parse("q").toString(),
      resourceTypes: AccountSASResourceTypes.parse("sco").toString(),
      permissions: AccountSASPermissions.parse("rlap"),
      startsOn,
      expiresOn,
    }, credential).toString();
    const viaSas = sasService(sas);
    const names = (await collect(viaSas.listQueues({ prefix: "js" }))).map((q) => q.name);
    assert.ok(names.includes(queueName) && names.includes(otherName), `listed ${JSON.stringify(names)}`);
    const q = viaSas.getQueueClient(otherName);
    await q.sendMessage("via account sas");
    assert.deepEqual((await q.receiveMessages()).receivedMessageItems.map((m) => m.messageText), ["via account sas"]);
    await expectRestError(viaSas.createQueue(`jsn-${suffix}`), 403, "AuthorizationPermissionMismatch");
    await expectRestError(viaSas.deleteQueue(otherName), 403, "AuthorizationPermissionMismatch");
    await service.deleteQueue(otherName);
  });

  await step("service properties: CORS round trip", async () => {
    const original = await service.getProperties();
    for (const section of ["queueAnalyticsLogging", "hourMetrics", "minuteMetrics"]) {
      assert.ok(original[section], `getProperties has ${section}`);
    }
    const rule = {
      allowedOrigins: "http://example.com,https://app.example.org",
      allowedMethods: "GET,PUT,POST,DELETE",
      allowedHeaders: "x-ms-meta-abc,x-ms-meta-data*,content-type",
      exposedHeaders: "x-ms-meta-*",
      maxAgeInSeconds: 500,
    };
    await service.setProperties({ cors: [rule] });
    assert.equal(lastStatus(), 202);
    const after = await service.getProperties();
    assert.deepEqual(after.cors, [rule]);
    assert.deepEqual(after.hourMetrics, original.hourMetrics, "sections not sent keep their values");
    assert.deepEqual(after.queueAnalyticsLogging, original.queueAnalyticsLogging);

    // What a browser would send before a cross-origin PUT with metadata: the rule answers it.
    const preflight = await fetch(`${queue.url}?comp=metadata`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://app.example.org",
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "x-ms-meta-data42",
      },
    });
    assert.equal(preflight.status, 200, `preflight: ${await preflight.text()}`);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "https://app.example.org");
    const refused = await fetch(`${queue.url}?comp=metadata`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example.net", "Access-Control-Request-Method": "PUT" },
    });
    assert.equal(refused.status, 403, "preflight from an origin no rule allows");

    await service.setProperties({ cors: [] });
    assert.deepEqual((await service.getProperties()).cors ?? [], [], "an empty Cors removes the rules");
  });

  await step("numberOfMessages 33: 400 OutOfRangeQueryParameterValue", async () => {
    await expectRestError(queue.receiveMessages({ numberOfMessages: 33 }), 400, "OutOfRangeQueryParameterValue");
    outOfRangeBody = exchanges.at(-1).body;
    await expectRestError(queue.peekMessages({ numberOfMessages: 33 }), 400, "OutOfRangeQueryParameterValue");
    await expectRestError(queue.receiveMessages({ numberOfMessages: 0 }), 400, "OutOfRangeQueryParameterValue");
    await expectRestError(queue.receiveMessages({ visibilityTimeout: 0 }), 400, "OutOfRangeQueryParameterValue");
    await expectRestError(queue.receiveMessages({ visibilityTimeout: 7 * 24 * 3600 + 1 }), 400,
      "OutOfRangeQueryParameterValue");
  });

  await step("message size: 64 KiB fits, 65 KiB is 413 RequestBodyTooLarge", async () => {
    const fits = await queue.sendMessage("x".repeat(64 * 1024));
    const big = (await queue.receiveMessages()).receivedMessageItems[0];
    assert.equal(big.messageText.length, 64 * 1024);
    await queue.deleteMessage(fits.messageId, big.popReceipt);
    await expectRestError(queue.sendMessage("x".repeat(65 * 1024)), 413, "RequestBodyTooLarge");
    tooLargeBody = exchanges.at(-1).body;
    await expectRestError(queue.sendMessage("x".repeat(64 * 1024 + 1)), 413, "RequestBodyTooLarge");
    // The limit counts UTF-8 bytes: 22k three-byte characters are 66 kB.
    await expectRestError(queue.sendMessage("✓".repeat(22 * 1024)), 413, "RequestBodyTooLarge");
    assert.equal((await queue.getProperties()).approximateMessagesCount, 0);
  });

  await step("error bodies carry the detail elements after <Message>", async () => {
    // What Azure (and Azurite) add to these two errors (contract 3.11, 3.12, 4.6 and 5).
    const missing = [];
    for (const detail of ["<QueryParameterName>numofmessages</QueryParameterName>",
      "<QueryParameterValue>33</QueryParameterValue>", "<MinimumAllowed>1</MinimumAllowed>",
      "<MaximumAllowed>32</MaximumAllowed>"]) {
      if (!outOfRangeBody?.includes(detail)) missing.push(`400 OutOfRangeQueryParameterValue lacks ${detail}`);
    }
    if (!tooLargeBody?.includes("<MaxLimit>65536</MaxLimit>")) {
      missing.push("413 RequestBodyTooLarge lacks <MaxLimit>65536</MaxLimit>");
    }
    assert.deepEqual(missing, [], `bodies:\n${outOfRangeBody}\n${tooLargeBody}`);
  });

  await step("delete queue: then 404 QueueNotFound, exists() false", async () => {
    await queue.sendMessage("goes with the queue");
    await queue.delete();
    assert.equal(lastStatus(), 204);
    await expectRestError(queue.getProperties(), 404, "QueueNotFound");
    assert.equal(await queue.exists(), false);
    await expectRestError(queue.sendMessage("x"), 404, "QueueNotFound");
    await expectRestError(queue.delete(), 404, "QueueNotFound");
    assert.equal((await queue.deleteIfExists()).succeeded, false);
    const names = (await collect(service.listQueues({ prefix: queueName }))).map((q) => q.name);
    assert.deepEqual(names, []);
  });

}

await run(main);
