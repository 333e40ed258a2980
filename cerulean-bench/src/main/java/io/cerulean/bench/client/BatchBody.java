package io.cerulean.bench.client;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The body of a Blob Batch of Delete Blob sub-requests, as the Blob Batch reference and the SDKs
 * write it: {@code multipart/mixed}, one {@code application/http} part per blob with its
 * {@code Content-ID} (0, 1, ...), each sub-request signed with Shared Key over its own method,
 * path and {@code x-ms-date} (no body: its Content-Length is empty in the string to sign).
 */
public final class BatchBody {
    private BatchBody() {
    }

    /**
     * @param boundary the multipart boundary, also in the batch's Content-Type
     * @param paths    each blob's path exactly as a request would send it (the account first, path-style)
     * @param date     every sub-request's {@code x-ms-date}
     */
    public static byte[] deletes(String boundary, List<String> paths, String date, SharedKey signer) {
        StringBuilder body = new StringBuilder(paths.size() * 320);
        for (int i = 0; i < paths.size(); i++) {
            String path = paths.get(i);
            String authorization = signer.authorization("DELETE", 0, null, Map.of("x-ms-date", date), path);
            body.append("--").append(boundary).append("\r\n")
                    .append("Content-Type: application/http\r\n")
                    .append("Content-Transfer-Encoding: binary\r\n")
                    .append("Content-ID: ").append(i).append("\r\n\r\n")
                    .append("DELETE ").append(path).append(" HTTP/1.1\r\n")
                    .append("x-ms-date: ").append(date).append("\r\n")
                    .append("Authorization: ").append(authorization).append("\r\n")
                    .append("Content-Length: 0\r\n\r\n");
        }
        body.append("--").append(boundary).append("--\r\n");
        return body.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The statuses of a batch answer's sub-responses, in order: the code after each part's
     * {@code HTTP/1.1}.
     */
    public static List<Integer> statuses(String answer) {
        List<Integer> statuses = new java.util.ArrayList<>();
        int at = 0;
        while ((at = answer.indexOf("HTTP/1.1 ", at)) >= 0) {
            at += 9;
            int end = at;
            while (end < answer.length() && Character.isDigit(answer.charAt(end))) {
                end++;
            }
            statuses.add(end > at ? Integer.parseInt(answer.substring(at, end)) : -1);
        }
        return statuses;
    }
}
