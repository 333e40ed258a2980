package io.cerulean.http.server;

import io.cerulean.http.message.AzureRequest;

/**
 * What {@link BodyStreamer} passes on for a request whose body the service streams: the request,
 * sent on as soon as its head is read, and the body it will go on filling.
 */
record StreamedRequest(AzureRequest request, StreamedBody body, boolean keepAlive) {
}
