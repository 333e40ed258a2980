package io.cerulean.it.tools;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.ParallelTransferOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Figures for {@code cerulean copy}, by hand, not a test: fills a source account with 1 KiB entities
 * and 64 MiB blobs, and copies them as a plain SDK loop would (list, then upsert one entity at a
 * time; download, then upload each blob) to compare with the command's rates.
 *
 * <pre>
 * java -cp "$(cat /tmp/tools-cp.txt)" cerulean-it/src/test/java/io/cerulean/it/tools/CopyRates.java fill SOURCE_CS 100000 3
 * java -cp "$(cat /tmp/tools-cp.txt)" cerulean-it/src/test/java/io/cerulean/it/tools/CopyRates.java loop SOURCE_CS DEST_CS
 * </pre>
 */
public final class CopyRates {
    private static final String NAME = "rates";

    private CopyRates() {
    }

    public static void main(String[] args) {
        switch (args[0]) {
            case "fill" -> fill(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            case "loop" -> loop(args[1], args[2]);
            default -> throw new IllegalArgumentException("fill SOURCE ENTITIES BLOBS | loop SOURCE DEST");
        }
    }

    private static void fill(String source, int entities, int blobs) {
        TableClient table = tables(source).createTableIfNotExists(NAME);
        String kilobyte = "x".repeat(1000);
        List<TableTransactionAction> batch = new ArrayList<>();
        for (int i = 0; i < entities; i++) {
            batch.add(new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE,
                    new TableEntity("p" + i / 1000, String.format(Locale.ROOT, "r%07d", i)).addProperty("Data", kilobyte)));
            if (batch.size() == 100) {
                table.submitTransaction(batch);
                batch = new ArrayList<>();
            }
        }
        if (!batch.isEmpty()) {
            table.submitTransaction(batch);
        }
        BlobContainerClient container = container(source);
        container.createIfNotExists();
        byte[] bytes = new byte[64 * 1024 * 1024];
        new Random(7).nextBytes(bytes);
        for (int i = 0; i < blobs; i++) {
            container.getBlobClient("blob-" + i).uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromBytes(bytes))
                    .setParallelTransferOptions(new ParallelTransferOptions().setBlockSizeLong(8L * 1024 * 1024)), null, null);
        }
        System.out.println("filled: " + entities + " entities, " + blobs + " blobs of 64 MiB");
    }

    private static void loop(String source, String destination) {
        TableClient from = tables(source).getTableClient(NAME);
        TableClient to = tables(destination).createTableIfNotExists(NAME + "loop");
        long started = System.nanoTime();
        long n = 0;
        for (TableEntity entity : from.listEntities()) {
            TableEntity copy = new TableEntity(entity.getPartitionKey(), entity.getRowKey());
            entity.getProperties().forEach((k, v) -> {
                if (!k.equals("Timestamp") && !k.startsWith("odata.") && !k.contains("@odata") && !k.equals("PartitionKey") && !k.equals("RowKey")) {
                    copy.addProperty(k, v);
                }
            });
            to.upsertEntityWithResponse(copy, TableEntityUpdateMode.REPLACE, null, null);
            n++;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(Locale.ROOT, "SDK loop, entities: %d in %.1f s, %.0f entities/s%n", n, seconds, n / seconds);

        BlobContainerClient blobsFrom = container(source);
        BlobContainerClient blobsTo = new BlobServiceClientBuilder().connectionString(destination).buildClient()
                .getBlobContainerClient(NAME + "loop");
        blobsTo.createIfNotExists();
        started = System.nanoTime();
        long bytes = 0;
        for (BlobItem item : blobsFrom.listBlobs()) {
            ByteArrayOutputStream content = new ByteArrayOutputStream();
            blobsFrom.getBlobClient(item.getName()).downloadStream(content);
            blobsTo.getBlobClient(item.getName()).upload(BinaryData.fromBytes(content.toByteArray()), true);
            bytes += content.size();
        }
        seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(Locale.ROOT, "SDK loop, blobs: %d MiB in %.1f s, %.1f MiB/s%n", bytes >> 20, seconds, bytes / 1048576.0 / seconds);
    }

    private static TableServiceClient tables(String connectionString) {
        return new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    }

    private static BlobContainerClient container(String connectionString) {
        return new BlobServiceClientBuilder().connectionString(connectionString).buildClient().getBlobContainerClient(NAME);
    }
}
