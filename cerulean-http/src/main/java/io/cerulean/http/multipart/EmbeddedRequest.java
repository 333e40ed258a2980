package io.cerulean.http.multipart;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.server.RequestHeads;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * An HTTP request carried in an {@code application/http} part of a batch, as sent: the method
 * (upper-cased), the request target (origin-form or absolute), its header block and its body,
 * {@code data[bodyStart, bodyEnd)}, a view of the batch body. Blank lines before the request line
 * are skipped; the HTTP version may be left out.
 */
public record EmbeddedRequest(String method, String target, PartHeaders headers, byte[] data, int bodyStart,
                              int bodyEnd) {
    public EmbeddedRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(headers, "headers");
        Objects.checkFromToIndex(bodyStart, bodyEnd, data.length);
    }

    /**
     * The request in {@code part}.
     *
     * @throws io.cerulean.common.error.ServiceException 400 InvalidInput when the part is not an
     *         {@code application/http} request ({@link MultipartReader#malformed})
     */
    public static EmbeddedRequest read(MimePart part) {
        String type = part.mediaType();
        if (!type.isEmpty() && !type.equals("application/http")) {
            throw MultipartReader.malformed("a part of type '" + PartHeaders.abbreviate(type)
                    + "' where an application/http request belongs");
        }
        LineCursor lines = new LineCursor(part.data(), part.start(), part.end());
        if (!lines.advanceToNonBlank()) {
            throw MultipartReader.malformed("a part holds no HTTP request");
        }
        String[] words = lines.text().trim().split("[ \t]+", 4);
        if (words.length < 2 || words.length > 3 || (words.length == 3 && !words[2].startsWith("HTTP/"))) {
            throw MultipartReader.malformed("'" + PartHeaders.abbreviate(lines.text().trim())
                    + "' is not an HTTP request line");
        }
        PartHeaders headers = PartHeaders.read(lines);
        int bodyStart = Math.min(lines.next(), part.end());
        return new EmbeddedRequest(words[0].toUpperCase(Locale.ROOT), words[1], headers, part.data(), bodyStart,
                part.end());
    }

    /** The body's bytes, a copy. */
    public byte[] body() {
        return Arrays.copyOfRange(data, bodyStart, bodyEnd);
    }

    /**
     * This request as a request alone would be read, with what it inherits from {@code carrier}
     * ({@link RequestHeads#embedded}).
     *
     * @throws io.cerulean.common.error.ServiceException 400 for a target that is not well-formed
     */
    public AzureRequest toAzureRequest(AzureRequest carrier) {
        HttpHeaders httpHeaders = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
        headers.forEach(httpHeaders::add);
        return RequestHeads.embedded(method, target, httpHeaders, body(), carrier);
    }
}
