package io.cerulean.http.error;

import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.xml.XmlWriter;

/**
 * The {@code <Error>} body every storage service writes for its XML operations:
 * {@code <?xml ...?><Error><Code>..</Code><Message>..</Message></Error>}.
 */
public final class XmlErrorBody implements ErrorBody {
    public static final XmlErrorBody INSTANCE = new XmlErrorBody();

    private XmlErrorBody() {
    }

    @Override
    public String contentType() {
        return MediaTypes.XML;
    }

    @Override
    public byte[] write(String code, String message) {
        return new XmlWriter().start("Error").element("Code", code).element("Message", message).end("Error").bytes();
    }
}
