package io.cerulean.tools.progress;

import java.util.Locale;

/** Byte counts as people read them: 1023 B, 1.5 KiB, 12.0 MiB. */
public final class ByteSize {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private ByteSize() {
    }

    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }
}
