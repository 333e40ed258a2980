package io.cerulean.blob.model;

/**
 * The six standard properties a blob keeps for the clients that read it, as a set: Set Blob
 * Properties replaces all of them, and a property not sent is cleared. Null means not set.
 *
 * @param contentMd5 the MD5 of the whole blob (16 bytes), null when none is known; as a property a
 *                   client sets, the service keeps other lengths too, up to {@link #MAX_MD5_LENGTH}
 */
public record ContentHeaders(String contentType, String contentEncoding, String contentLanguage,
                             String contentDisposition, String cacheControl, byte[] contentMd5) {
    public static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";
    /** The longest MD5 property kept: a blob record gives its length one byte. */
    public static final int MAX_MD5_LENGTH = 255;

    public ContentHeaders {
        if (contentMd5 != null && contentMd5.length > MAX_MD5_LENGTH) {
            throw new IllegalArgumentException("contentMd5 has " + contentMd5.length + " bytes, more than "
                    + MAX_MD5_LENGTH);
        }
    }
    public static final ContentHeaders NONE = new ContentHeaders(null, null, null, null, null, null);

    /** The same headers with {@code md5} as the content MD5. */
    public ContentHeaders withContentMd5(byte[] md5) {
        return new ContentHeaders(contentType, contentEncoding, contentLanguage, contentDisposition, cacheControl, md5);
    }

    /** The same headers with the service's default content type when none was given. */
    public ContentHeaders withDefaultContentType() {
        return contentType != null ? this : new ContentHeaders(DEFAULT_CONTENT_TYPE, contentEncoding, contentLanguage,
                contentDisposition, cacheControl, contentMd5);
    }
}
