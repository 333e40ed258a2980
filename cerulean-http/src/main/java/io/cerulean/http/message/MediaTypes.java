package io.cerulean.http.message;

/** The content types the kernel writes itself; a service names its own beside them. */
public final class MediaTypes {
    public static final String XML = "application/xml";

    private MediaTypes() {
    }
}
