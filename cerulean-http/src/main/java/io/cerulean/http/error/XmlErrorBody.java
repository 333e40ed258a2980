package io.cerulean.http.error;

import java.util.Map;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.xml.XmlChars;
import io.cerulean.http.xml.XmlWriter;

/**
 * The {@code <Error>} body every storage service writes for its XML operations:
 * {@code <?xml ...?><Error><Code>..</Code><Message>..</Message>[details]</Error>}. Messages and
 * details may quote what the client sent; a character of it that XML 1.0 cannot carry is written
 * as U+FFFD, so that the error stays readable.
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
        return write(code, message, Map.of());
    }

    /** Details follow the message, each an element of its own: {@code <MaxLimit>65536</MaxLimit>}. */
    @Override
    public byte[] write(String code, String message, Map<String, String> details) {
        XmlWriter xml = new XmlWriter().start("Error").element("Code", code)
                .element("Message", XmlChars.replaceUncarried(message));
        details.forEach((name, value) -> xml.element(name, XmlChars.replaceUncarried(value)));
        return xml.end("Error").bytes();
    }
}
