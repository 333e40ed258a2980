package io.cerulean.http.properties;

import io.cerulean.http.message.HttpDates;
import io.cerulean.http.xml.XmlWriter;
import java.time.Instant;

/**
 * The {@code StorageServiceStats} document of Get Service Stats, the same for every service:
 * geo-replication is always {@code live}, last synced at the time given, since one store serves
 * both the primary and the secondary endpoint. The time is written as the service writes it, RFC
 * 1123 with a two-digit day, which azure-core's fixed-width parser needs.
 */
public final class ServiceStatsXml {
    private ServiceStatsXml() {
    }

    public static byte[] write(Instant lastSyncTime) {
        return new XmlWriter().start("StorageServiceStats").start("GeoReplication")
                .element("Status", "live").element("LastSyncTime", HttpDates.format(lastSyncTime))
                .end("GeoReplication").end("StorageServiceStats").bytes();
    }
}
