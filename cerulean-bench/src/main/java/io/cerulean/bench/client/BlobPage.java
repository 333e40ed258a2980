package io.cerulean.bench.client;

import java.util.ArrayList;
import java.util.List;

/**
 * One page of a List Blobs or a Find Blobs by Tags answer, read as far as the bench needs it: each
 * blob's name and the value of one of its tags, and the NextMarker. Both answers hold
 * {@code <Blob><Name>..</Name>..<Tags><TagSet><Tag><Key>..</Key><Value>..</Value></Tag>..} per
 * blob. The bench's names and tags are plain ASCII, so no entity needs decoding but {@code &amp;}-free
 * text is assumed; a marker is taken as the service wrote it.
 *
 * @param blobs      in the answer's order
 * @param nextMarker null when this is the last page
 */
public record BlobPage(List<Blob> blobs, String nextMarker) {
    /** @param tagValue the value of the tag asked for, null when the blob has none */
    public record Blob(String name, String tagValue) {
    }

    /** Reads a page, with the value of tag {@code key} for each blob. */
    public static BlobPage read(String xml, String key) {
        List<Blob> blobs = new ArrayList<>();
        String keyElement = "<Key>" + key + "</Key>";
        int at = 0;
        while ((at = xml.indexOf("<Blob>", at)) >= 0) {
            int end = xml.indexOf("</Blob>", at);
            if (end < 0) {
                throw new IllegalArgumentException("a <Blob> without its end");
            }
            String name = element(xml, "Name", at, end);
            if (name == null) {
                throw new IllegalArgumentException("a <Blob> without a <Name>");
            }
            String value = null;
            int k = xml.indexOf(keyElement, at);
            if (k >= 0 && k < end) {
                value = element(xml, "Value", k, end);
            }
            blobs.add(new Blob(name, value));
            at = end + 7;
        }
        String marker = element(xml, "NextMarker", 0, xml.length());
        return new BlobPage(blobs, marker == null || marker.isEmpty() ? null : marker);
    }

    /** The text of the first {@code <tag>..</tag>} within [from, to), null when there is none. */
    private static String element(String xml, String tag, int from, int to) {
        String open = "<" + tag + ">";
        int start = xml.indexOf(open, from);
        if (start < 0 || start >= to) {
            return null;
        }
        start += open.length();
        int end = xml.indexOf("</" + tag + ">", start);
        return end < 0 || end > to ? null : xml.substring(start, end);
    }
}
