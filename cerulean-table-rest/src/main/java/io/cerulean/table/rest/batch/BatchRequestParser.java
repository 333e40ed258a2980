package io.cerulean.table.rest.batch;

import io.cerulean.http.multipart.CommonText;
import io.cerulean.http.multipart.LineCursor;
import io.cerulean.http.multipart.MimePart;
import io.cerulean.http.multipart.MultipartReader;
import io.cerulean.http.multipart.PartHeaders;
import io.cerulean.table.model.Limits;
import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.rest.resource.ResourceKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the structure of a {@code $batch} body (contract 6.1, 6.2): one part holding either a
 * change set ({@code multipart/mixed}) of {@code application/http} requests, or a single
 * {@code application/http} GET of one entity. Anything else (no part, several change sets, a
 * nested change set, a query, a write outside a change set, a part that is not an HTTP request)
 * is a top-level 400 InvalidInput, thrown before anything runs. Whether each operation makes sense
 * is not decided here but in {@link ChangeSetTranslator}, which can name its index.
 */
final class BatchRequestParser {
    private BatchRequestParser() {
    }

    /** Parses a batch body given the request's Content-Type; sub-request paths are relative to {@code account}. */
    static BatchRequest parse(String contentType, byte[] body, String account) {
        List<MimePart> parts = MultipartReader.read(body, 0, body.length, MultipartReader.boundary(contentType), 2);
        if (parts.size() != 1) {
            throw MultipartReader.malformed("a batch holds exactly one change set, or one retrieve; this one holds "
                    + (parts.isEmpty() ? "no part" : "more than one part"));
        }
        MimePart only = parts.get(0);
        if (only.isMultipart()) {
            return new BatchRequest.ChangeSet(changeSet(only));
        }
        BatchOperationRequest request = httpRequest(only);
        if (!request.method().equals("GET")) {
            throw MultipartReader.malformed("a " + request.method() + " outside a change set; writes belong in a change set");
        }
        if (PathParser.parseWithin(request.rawPath(), account).kind() != ResourceKind.ENTITY) {
            throw MultipartReader.malformed("a GET outside a change set must address one entity; "
                    + "queries cannot be part of a batch");
        }
        return new BatchRequest.Retrieve(request);
    }

    private static List<BatchOperationRequest> changeSet(MimePart changeSet) {
        String boundary = MultipartReader.boundary(changeSet.headers().first("Content-Type"));
        // One part more than a change set may hold is enough for the translator to refuse it at index 0.
        List<MimePart> parts = MultipartReader.read(changeSet.data(), changeSet.start(), changeSet.end(), boundary,
                Limits.MAX_TRANSACTION_OPERATIONS + 1);
        if (parts.isEmpty()) {
            throw MultipartReader.malformed("the change set holds no operation");
        }
        List<BatchOperationRequest> requests = new ArrayList<>(parts.size());
        for (MimePart part : parts) {
            if (part.isMultipart()) {
                throw MultipartReader.malformed("change sets cannot be nested");
            }
            requests.add(httpRequest(part));
        }
        return requests;
    }

    /**
     * An embedded HTTP request: blank lines before the request line and before the body are
     * skipped (JS writes an extra one), the target may be absolute or origin-form, the version may
     * be left out.
     */
    private static BatchOperationRequest httpRequest(MimePart part) {
        String type = part.mediaType();
        if (!type.isEmpty() && !type.equals("application/http")) {
            throw MultipartReader.malformed("a part of type '" + type + "' where an application/http request belongs");
        }
        LineCursor lines = new LineCursor(part.data(), part.start(), part.end());
        if (!lines.advanceToNonBlank()) {
            throw MultipartReader.malformed("a part holds no HTTP request");
        }
        List<String> tokens = words(lines, 4);
        if (tokens.size() < 2 || tokens.size() > 3 || (tokens.size() == 3 && !tokens.get(2).startsWith("HTTP/"))) {
            throw MultipartReader.malformed("'" + PartHeaders.abbreviate(lines.text().trim())
                    + "' is not an HTTP request line");
        }
        PartHeaders headers = PartHeaders.read(lines);
        int bodyStart = Math.min(lines.next(), part.end());
        int bodyEnd = part.end();
        byte[] data = part.data();
        // Without the blank lines and spaces around it: JSON does not mind; an empty DELETE body stays empty.
        while (bodyStart < bodyEnd && whitespace(data[bodyStart])) {
            bodyStart++;
        }
        while (bodyEnd > bodyStart && whitespace(data[bodyEnd - 1])) {
            bodyEnd--;
        }
        String contentId = part.headers().first("Content-ID");
        if (contentId == null) {
            contentId = headers.first("Content-ID");
        }
        String target = originForm(tokens.get(1));
        int question = target.indexOf('?');
        String rawPath = question < 0 ? target : target.substring(0, question);
        String rawQuery = question < 0 ? "" : target.substring(question + 1);
        return new BatchOperationRequest(tokens.get(0).toUpperCase(Locale.ROOT), rawPath, rawQuery, headers, data,
                bodyStart, bodyEnd, contentId);
    }

    /**
     * The words of the cursor's line separated by runs of spaces and tabs, at most {@code max} of
     * them, after dropping the blanks and control chars at both ends as String.trim does.
     */
    private static List<String> words(LineCursor line, int max) {
        byte[] data = line.data();
        int i = line.start();
        int end = line.end();
        while (i < end && CommonText.blank(data[i])) {
            i++;
        }
        while (end > i && CommonText.blank(data[end - 1])) {
            end--;
        }
        List<String> words = new ArrayList<>(3);
        while (i < end && words.size() < max) {
            while (i < end && wordBreak(data[i])) {
                i++;
            }
            int start = i;
            while (i < end && !wordBreak(data[i])) {
                i++;
            }
            if (i > start) {
                words.add(CommonText.of(data, start, i));
            }
        }
        return words;
    }

    /** Within a request line, only spaces and tabs separate words. */
    private static boolean wordBreak(byte b) {
        return b == ' ' || b == '\t';
    }

    /** {@code http://host:port/acct/t(...)?q} becomes {@code /acct/t(...)?q}; an origin-form target is kept. */
    static String originForm(String target) {
        int scheme = target.indexOf("://");
        if (scheme <= 0 || target.startsWith("/")) {
            return target;
        }
        for (int i = 0; i < scheme; i++) {
            char c = target.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '+' && c != '-' && c != '.') {
                return target;
            }
        }
        int authorityStart = scheme + 3;
        int pathStart = authorityStart;
        while (pathStart < target.length() && target.charAt(pathStart) != '/' && target.charAt(pathStart) != '?') {
            pathStart++;
        }
        String rest = target.substring(pathStart);
        return rest.isEmpty() || rest.charAt(0) == '?' ? "/" + rest : rest;
    }

    private static boolean whitespace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }
}
