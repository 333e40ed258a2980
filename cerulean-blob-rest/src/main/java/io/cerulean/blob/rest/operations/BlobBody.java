package io.cerulean.blob.rest.operations;

import io.cerulean.blob.service.BlobContent;
import io.cerulean.http.message.ResponseContent;
import java.nio.ByteBuffer;

/** A range of a blob as the body of a response, read as the server sends it. */
record BlobBody(BlobContent content) implements ResponseContent {
    @Override
    public long length() {
        return content.length();
    }

    @Override
    public int read(ByteBuffer target) {
        return content.read(target);
    }

    @Override
    public void close() {
        content.close();
    }
}
