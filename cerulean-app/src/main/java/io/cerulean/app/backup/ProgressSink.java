package io.cerulean.app.backup;

import io.cerulean.tools.progress.Progress;
import java.io.IOException;
import java.util.OptionalLong;

/** Where a backup or restore reports how far it has got: a local progress line, or the control socket. */
interface ProgressSink {
    /** The totals, once known. */
    void expect(long items, long bytes) throws IOException;

    /** {@code items} more files done, of {@code bytes} between them. */
    void add(long items, long bytes) throws IOException;

    /** Into a progress line of this process. */
    static ProgressSink of(Progress progress) {
        return new ProgressSink() {
            @Override
            public void expect(long items, long bytes) {
                progress.expect(OptionalLong.of(items), OptionalLong.of(bytes));
            }

            @Override
            public void add(long items, long bytes) {
                progress.add(items, bytes);
            }
        };
    }
}
