package io.cerulean.jmh;

import java.util.Random;
import java.util.UUID;

/** Entities of about 1 KiB with ten typed properties, the shape `cerulean bench` writes. */
final class Entities {
    private static final String DESCRIPTION = "lorem ipsum ".repeat(60);

    private Entities() {
    }

    static String json(String partitionKey, String rowKey, Random random) {
        return "{\"PartitionKey\":\"" + partitionKey + "\",\"RowKey\":\"" + rowKey + "\",\"Name\":\"name" + random.nextInt()
                + "\",\"Age\":" + random.nextInt(100) + ",\"Big\":\"" + random.nextLong()
                + "\",\"Big@odata.type\":\"Edm.Int64\",\"Score\":" + random.nextDouble()
                + ",\"Score@odata.type\":\"Edm.Double\",\"Active\":true"
                + ",\"Created\":\"2024-01-02T03:04:05.1234567Z\",\"Created@odata.type\":\"Edm.DateTime\""
                + ",\"Id\":\"" + new UUID(random.nextLong(), random.nextLong()) + "\",\"Id@odata.type\":\"Edm.Guid\""
                + ",\"Blob\":\"AAECAwQFBgcICQ==\",\"Blob@odata.type\":\"Edm.Binary\",\"City\":\"city7\""
                + ",\"Description\":\"" + DESCRIPTION + "\"}";
    }

    /** A fixed-width key, so that keys sort as their numbers do. */
    static String key(String prefix, long n) {
        return prefix + String.format("%012d", n);
    }
}
