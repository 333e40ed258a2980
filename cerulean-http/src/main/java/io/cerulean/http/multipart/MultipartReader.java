package io.cerulean.http.multipart;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a {@code multipart/mixed} body (RFC 2046) into its parts, as leniently as real clients
 * need (the Table service's {@code $batch}, contract 6.1, and the Blob service's batch): the
 * boundary comes from the Content-Type parameter (quoted or not, any prefix); CRLF or LF line
 * ends; anything before the first delimiter is ignored; a missing close delimiter ({@code --boundary--}, which old JS clients left out) ends the body at its end.
 *
 * <p>A delimiter is a line that starts with {@code --boundary}, optionally followed by {@code --}
 * and trailing blanks; the line break before it belongs to it, not to the part. One pass over the
 * lines, so the work is linear in the body whatever it holds.
 */
public final class MultipartReader {
    /** RFC 2046: a boundary has 1 to 70 characters. */
    private static final int MAX_BOUNDARY_LENGTH = 70;
    private static final int DELIMITER = 1;
    private static final int CLOSE = 2;

    private MultipartReader() {
    }

    /** The boundary parameter of a {@code multipart/*} Content-Type; InvalidInput if there is none. */
    public static String boundary(String contentType) {
        if (contentType == null) {
            throw malformed("the Content-Type must be multipart/mixed with a boundary; it is missing");
        }
        String[] pieces = contentType.split(";");
        if (!pieces[0].trim().toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            throw malformed("the Content-Type must be multipart/mixed with a boundary, not '"
                    + PartHeaders.abbreviate(contentType) + "'");
        }
        for (int i = 1; i < pieces.length; i++) {
            String parameter = pieces[i].trim();
            int equals = parameter.indexOf('=');
            if (equals < 0 || !parameter.substring(0, equals).trim().equalsIgnoreCase("boundary")) {
                continue;
            }
            String value = parameter.substring(equals + 1).trim();
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                value = value.substring(1, value.length() - 1);
            }
            if (value.isEmpty() || value.length() > MAX_BOUNDARY_LENGTH || value.indexOf('"') >= 0) {
                throw malformed("the multipart boundary '" + PartHeaders.abbreviate(value) + "' is not valid");
            }
            return value;
        }
        throw malformed("the Content-Type '" + PartHeaders.abbreviate(contentType) + "' names no boundary");
    }

    /**
     * The parts of {@code data[from, to)} delimited by {@code boundary}, at most {@code maxParts}
     * of them: reading stops when one more begins, so that a caller can tell "too many" without
     * hostile input making it hold a million parts. InvalidInput when there is no delimiter at all.
     */
    public static List<MimePart> read(byte[] data, int from, int to, String boundary, int maxParts) {
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        List<MimePart> parts = new ArrayList<>();
        LineCursor lines = new LineCursor(data, from, to);
        int partStart = -1;
        while (lines.advance()) {
            int kind = lines.startsWith(delimiter) ? delimiterKind(data, lines.start() + delimiter.length, lines.end()) : 0;
            if (kind == 0) {
                continue;
            }
            if (partStart >= 0) {
                parts.add(part(data, partStart, contentEnd(data, partStart, lines.start())));
            }
            if (kind == CLOSE || parts.size() == maxParts) {
                return parts;
            }
            partStart = lines.next();
        }
        if (partStart < 0) {
            throw malformed("no part is delimited by the boundary '" + boundary + "'");
        }
        if (!blank(data, partStart, to)) { // no close delimiter: the last part runs to the end
            parts.add(part(data, partStart, contentEnd(data, partStart, to)));
        }
        return parts;
    }

    /** 0: not a delimiter (text that merely starts like one); 1: a delimiter; 2: the close delimiter. */
    private static int delimiterKind(byte[] data, int afterBoundary, int lineEnd) {
        int i = afterBoundary;
        int kind = DELIMITER;
        if (i + 2 <= lineEnd && data[i] == '-' && data[i + 1] == '-') {
            kind = CLOSE;
            i += 2;
        }
        for (; i < lineEnd; i++) {
            if (data[i] != ' ' && data[i] != '\t') {
                return 0;
            }
        }
        return kind;
    }

    /** The line break before a delimiter belongs to the delimiter (RFC 2046 5.1.1). */
    private static int contentEnd(byte[] data, int partStart, int delimiterStart) {
        int end = delimiterStart;
        if (end > partStart && data[end - 1] == '\n') {
            end--;
            if (end > partStart && data[end - 1] == '\r') {
                end--;
            }
        }
        return end;
    }

    private static MimePart part(byte[] data, int start, int end) {
        LineCursor lines = new LineCursor(data, start, end);
        PartHeaders headers = PartHeaders.read(lines);
        int contentStart = Math.min(Math.max(lines.next(), start), end);
        return new MimePart(headers, data, contentStart, end);
    }

    private static boolean blank(byte[] data, int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = data[i];
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return true;
    }

    /** A top-level 400 InvalidInput: the body is not a batch the service can read. */
    public static ServiceException malformed(String why) {
        return new ServiceException(CommonError.INVALID_INPUT, "The batch request body is malformed: " + why + ".");
    }
}
