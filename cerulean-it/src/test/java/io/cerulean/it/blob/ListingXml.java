package io.cerulean.it.blob;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.cerulean.it.ServerFixture;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import reactor.core.publisher.Mono;

/**
 * Listings as they come over the wire to the SDK, read by the strictest parser at hand: the JDK's
 * DOM parser, namespace-aware, which refuses any character XML 1.0 cannot hold and says where. A
 * policy in a client's pipeline keeps every answer to a {@code comp=list} request, the SDK's own
 * requests, so what is checked is exactly what the SDK read (or failed to).
 */
final class ListingXml implements HttpPipelinePolicy {
    /** One listing answer: its status, error code and body. */
    record Answer(int status, String errorCode, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return status + " " + errorCode + " " + text();
        }
    }

    private final List<Answer> answers = new ArrayList<>();

    /** A client of the store's endpoint whose listings this policy keeps. */
    BlobServiceClient client(BlobServers servers, ServerFixture store) {
        return new BlobServiceClientBuilder().connectionString(servers.connectionString(store))
                .retryOptions(BlobServers.oneTry()).addPolicy(this).buildClient();
    }

    @Override
    public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
        return next.process().map(response -> keep(context, response));
    }

    @Override
    public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
        return keep(context, next.processSync());
    }

    private HttpResponse keep(HttpPipelineCallContext context, HttpResponse response) {
        String query = context.getHttpRequest().getUrl().getQuery();
        if (query == null || !query.contains("comp=list")) {
            return response;
        }
        HttpResponse buffered = response.buffer();
        byte[] body = buffered.getBodyAsBinaryData().toBytes();
        synchronized (answers) {
            answers.add(new Answer(buffered.getStatusCode(), buffered.getHeaderValue("x-ms-error-code"), body));
        }
        return buffered;
    }

    /** The listing answers since the last call, each of which a strict parser has read; they are forgotten. */
    List<Answer> takeParsed() {
        List<Answer> taken;
        synchronized (answers) {
            taken = List.copyOf(answers);
            answers.clear();
        }
        if (taken.isEmpty()) {
            throw new AssertionError("no listing was answered");
        }
        taken.forEach(answer -> parse(answer.body()));
        return taken;
    }

    /** Forgets the answers so far, unread. */
    void takeParsedOrNone() {
        synchronized (answers) {
            answers.clear();
        }
    }

    /** The document, or an AssertionError naming what a strict parser found wrong with it. */
    static void parse(byte[] body) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new ErrorHandler() {
                @Override
                public void warning(SAXParseException e) {
                }

                @Override
                public void error(SAXParseException e) throws SAXException {
                    throw e;
                }

                @Override
                public void fatalError(SAXParseException e) throws SAXException {
                    throw e;
                }
            });
            builder.parse(new ByteArrayInputStream(body));
        } catch (SAXException e) {
            throw new AssertionError("a strict XML parser refuses the document: " + e.getMessage() + "\n"
                    + new String(body, StandardCharsets.UTF_8), e);
        } catch (IOException | ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
