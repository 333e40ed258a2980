package io.cerulean.tools.table;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an import has done, so that a re-run goes on where it stopped: a text file beside the
 * input, {@code FILE.cerulean-import}. Its first line names the import
 * ({@code cerulean-import 1 <table> <mode> <format>}); every other line is one settled batch as
 * the input lines it spans, {@code first-last}, appended and forced to disk once the service has
 * acknowledged the batch (and its rejected rows are in the rejects report). A line cut short by a
 * crash is ignored. A re-run skips the input lines inside these ranges; the file is removed when the
 * import ends with every line settled.
 *
 * <p>A batch the service committed but whose answer was lost (the process killed meanwhile) is
 * not in the journal and is sent again: with {@code --mode insert} its rows then come back as
 * EntityAlreadyExists rejects, with merge or replace they are written again to the same effect.
 */
final class ImportJournal implements AutoCloseable {
    private static final String MAGIC = "cerulean-import 1";

    private final Path file;
    private final TreeMap<Long, Long> done = new TreeMap<>();
    private final FileChannel channel;
    private final boolean resumed;

    private ImportJournal(Path file, FileChannel channel, boolean resumed) {
        this.file = file;
        this.channel = channel;
        this.resumed = resumed;
    }

    static Path beside(Path input) {
        return input.toAbsolutePath().resolveSibling(input.getFileName() + ".cerulean-import");
    }

    /**
     * Opens the journal of the import {@code identity} names, resuming it if one is there.
     *
     * @throws IllegalStateException when the journal there is another import's
     */
    static ImportJournal open(Path file, String identity) throws IOException {
        String header = MAGIC + " " + identity;
        boolean resumed = Files.exists(file);
        TreeMap<Long, Long> ranges = new TreeMap<>();
        if (resumed) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(header)) {
                throw new IllegalStateException(file + " is the journal of another import ("
                        + (lines.isEmpty() ? "empty" : lines.get(0)) + "): finish that one or remove it");
            }
            for (String line : lines.subList(1, lines.size())) {
                int dash = line.indexOf('-');
                try {
                    ranges.put(Long.parseLong(line.substring(0, dash)), Long.parseLong(line.substring(dash + 1)));
                } catch (RuntimeException e) {
                    // A line cut short by a crash: its batch is sent again.
                }
            }
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        ImportJournal journal = new ImportJournal(file, channel, resumed);
        journal.done.putAll(ranges);
        if (!resumed) {
            journal.append(header);
        } else if (channel.size() > 0 && !endsWithNewline(file)) {
            journal.append("");
        }
        return journal;
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return bytes.length > 0 && bytes[bytes.length - 1] == '\n';
    }

    boolean resumed() {
        return resumed;
    }

    /** How many input lines the journal says are settled. */
    long settledLines() {
        long lines = 0;
        for (Map.Entry<Long, Long> range : done.entrySet()) {
            lines += range.getValue() - range.getKey() + 1;
        }
        return lines;
    }

    /** Whether the input line is inside a settled batch. */
    boolean settled(long line) {
        Map.Entry<Long, Long> range = done.floorEntry(line);
        return range != null && range.getValue() >= line;
    }

    /** Records a settled batch, on disk before this returns. */
    synchronized void settled(long first, long last) throws IOException {
        append(first + "-" + last);
    }

    private void append(String line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        channel.force(false);
    }

    /** Closes and removes the journal: the import is complete. */
    void complete() throws IOException {
        close();
        Files.deleteIfExists(file);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
