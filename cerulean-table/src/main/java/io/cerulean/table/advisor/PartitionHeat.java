package io.cerulean.table.advisor;

/**
 * One partition the advisor tracks, as a heat map draws it: its request rate and its size.
 *
 * @param table             the table's name
 * @param partitionKey      the partition
 * @param entitiesPerSecond entities written and read a second, averaged over the window; 0 when only its size is tracked
 * @param bytes             its size by the guide's formula, as counted since the server started; 0 when only its rate is tracked
 * @param entities          its entities, as counted since the server started
 */
public record PartitionHeat(String table, String partitionKey, double entitiesPerSecond, long bytes, long entities) {
}
