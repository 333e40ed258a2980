package io.cerulean.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers, one direction only: app -> table-rest, queue-rest, blob-rest -> rest -> http -> common, and rest
 * -> the seam; table-rest ->
 * table -> common and the storage seam <- stores; queue-rest -> queue and blob-rest -> blob, each -> common
 * and the seam; and app -> bench and tools, clients of the HTTP API only. Modules already keep most imports apart; these rules hold what a module
 * boundary cannot: common and the seam use the JDK alone; each service's semantics the JDK, common
 * and the seam, never its REST layer nor another service; a store sees only the seam; the kernel
 * knows no service; what the REST layers share knows no service and no store; a service's REST layer
 * knows no store; the bench knows none of them; and no
 * package anywhere is in a cycle.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.cerulean");
    }

    @Test
    void commonDependsOnTheJdkOnly() {
        classes().that().resideInAPackage("io.cerulean.common..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.cerulean.common..")
                .check(classes);
    }

    @Test
    void theStorageSeamDependsOnTheJdkOnly() {
        classes().that().resideInAPackage("io.cerulean.storage..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.cerulean.storage..")
                .check(classes);
    }

    @Test
    void theTableServicesSemanticsDependOnTheJdkCommonAndTheSeamOnly() {
        classes().that().resideInAPackage("io.cerulean.table..").and().resideOutsideOfPackage("io.cerulean.table.rest..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.cerulean.common..",
                        "io.cerulean.table..", "io.cerulean.storage..")
                .check(classes);
    }

    @Test
    void theQueueServicesSemanticsDependOnTheJdkCommonAndTheSeamOnly() {
        classes().that().resideInAPackage("io.cerulean.queue..").and().resideOutsideOfPackage("io.cerulean.queue.rest..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.cerulean.common..",
                        "io.cerulean.queue..", "io.cerulean.storage..")
                .check(classes);
    }

    @Test
    void theBlobServicesSemanticsDependOnTheJdkCommonAndTheSeamOnly() {
        classes().that().resideInAPackage("io.cerulean.blob..").and().resideOutsideOfPackage("io.cerulean.blob.rest..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.cerulean.common..",
                        "io.cerulean.blob..", "io.cerulean.storage..")
                .check(classes);
    }

    @Test
    void theBlobServicesSemanticsKnowNothingOfItsRestLayer() {
        noClasses().that().resideInAPackage("io.cerulean.blob..").and().resideOutsideOfPackage("io.cerulean.blob.rest..")
                .should().dependOnClassesThat().resideInAPackage("io.cerulean.blob.rest..")
                .check(classes);
    }

    @Test
    void theBlobRestLayerKnowsNoStoreAndNoOtherService() {
        noClasses().that().resideInAPackage("io.cerulean.blob.rest..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.store..", "io.cerulean.app..",
                        "io.cerulean.table..", "io.cerulean.queue..", "io.cerulean.bench..", "org.rocksdb..")
                .check(classes);
    }

    /** Semantics first, then REST: the Table service's semantics never reach up into its REST layer. */
    @Test
    void theTableServicesSemanticsKnowNothingOfItsRestLayer() {
        noClasses().that().resideInAPackage("io.cerulean.table..").and().resideOutsideOfPackage("io.cerulean.table.rest..")
                .should().dependOnClassesThat().resideInAPackage("io.cerulean.table.rest..")
                .check(classes);
    }

    /**
     * The services are peers on one database: none imports another, in its semantics or its REST
     * layer; what they share lives in the seam, the kernel or common.
     */
    @Test
    void noServiceImportsAnother() {
        noClasses().that().resideInAPackage("io.cerulean.table..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.queue..", "io.cerulean.blob..")
                .check(classes);
        noClasses().that().resideInAPackage("io.cerulean.queue..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.blob..")
                .check(classes);
        noClasses().that().resideInAPackage("io.cerulean.blob..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.queue..")
                .check(classes);
    }

    /**
     * The application opens the database and builds each service on it through the service's own
     * entry point: it knows no service's layout, so a layout changes without touching it.
     */
    @Test
    void theApplicationImportsNoLayout() {
        noClasses().that().resideInAPackage("io.cerulean.app..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table.layout..",
                        "io.cerulean.queue.layout..", "io.cerulean.blob.layout..")
                .check(classes);
    }

    /**
     * The console serves files and relays signed requests to the pipelines it is handed: it knows the
     * kernel, no service and no store, and nothing but the application knows it.
     */
    @Test
    void theConsoleKnowsOnlyTheKernel() {
        noClasses().that().resideInAPackage("io.cerulean.console..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.queue..",
                        "io.cerulean.blob..", "io.cerulean.rest..", "io.cerulean.store..", "io.cerulean.storage..",
                        "io.cerulean.app..", "org.rocksdb..")
                .check(classes);
        noClasses().that().resideOutsideOfPackages("io.cerulean.console..", "io.cerulean.app..")
                .should().dependOnClassesThat().resideInAPackage("io.cerulean.console..")
                .check(classes);
    }

    /**
     * The control socket carries commands it does not know: a backup today, others later. It knows
     * no store, no service and none of the commands it runs, which plug into it.
     */
    @Test
    void theControlSocketKnowsNoStoreNoServiceAndNoCommand() {
        noClasses().that().resideInAPackage("io.cerulean.app.control..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.storage..", "io.cerulean.store..",
                        "io.cerulean.table..", "io.cerulean.queue..", "io.cerulean.blob..", "io.cerulean.http..",
                        "io.cerulean.rest..", "io.cerulean.app.backup..", "org.rocksdb..")
                .check(classes);
    }

    /** A store knows keys and bytes: the seam, its engine and logging, nothing of any service. */
    @Test
    void storesSeeOnlyTheSeam() {
        noClasses().that().resideInAPackage("io.cerulean.store..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.queue..",
                        "io.cerulean.blob..", "io.cerulean.common..",
                        "io.cerulean.http..", "io.cerulean.rest..", "io.cerulean.app..", "io.cerulean.bench..")
                .check(classes);
    }

    /**
     * The Cassandra store is the seam on the driver: the JDK, the seam, the driver and logging,
     * nothing of Cerulean besides (its own package, not the other stores either).
     */
    @Test
    void theCassandraStoreSeesOnlyTheSeamAndItsDriver() {
        classes().that().resideInAPackage("io.cerulean.store.cassandra..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.cerulean.storage..",
                        "io.cerulean.store.cassandra..", "com.datastax.oss.driver..", "org.slf4j..")
                .check(classes);
    }

    /** Every package is one slice: a cycle between any two, in any module, fails the build. */
    @Test
    void noPackageCycles() {
        slices().matching("io.cerulean.(**)").should().beFreeOfCycles().check(classes);
    }

    /**
     * The HTTP kernel serves Table, Queue and Blob alike: it knows no service's semantics, no
     * service's REST layer, no store and not the application; services plug into it.
     */
    @Test
    void theKernelKnowsNoService() {
        noClasses().that().resideInAPackage("io.cerulean.http..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.queue..",
                        "io.cerulean.blob..", "io.cerulean.storage..", "io.cerulean.store..", "io.cerulean.app..",
                        "io.cerulean.bench..", "io.cerulean.rest..", "org.rocksdb..")
                .check(classes);
    }

    /**
     * What the REST layers share (io.cerulean.rest: how a service is built and wired, its service
     * properties on the seam) serves them all alike: the kernel and the seam, no service's semantics
     * or REST layer, no store and not the application.
     */
    @Test
    void whatTheRestLayersShareKnowsNoServiceAndNoStore() {
        noClasses().that().resideInAPackage("io.cerulean.rest..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.queue..",
                        "io.cerulean.blob..", "io.cerulean.store..", "io.cerulean.app..", "io.cerulean.bench..",
                        "org.rocksdb..")
                .check(classes);
    }

    @Test
    void theTableRestLayerKnowsNoStore() {
        noClasses().that().resideInAPackage("io.cerulean.table.rest..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.store..", "io.cerulean.app..",
                        "io.cerulean.queue..", "io.cerulean.blob..",
                        "io.cerulean.bench..", "org.rocksdb..")
                .check(classes);
    }

    @Test
    void theQueueRestLayerKnowsNoStoreAndNoOtherService() {
        noClasses().that().resideInAPackage("io.cerulean.queue.rest..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.store..", "io.cerulean.app..",
                        "io.cerulean.table..", "io.cerulean.blob..", "io.cerulean.bench..", "org.rocksdb..")
                .check(classes);
    }

    @Test
    void theQueueServicesSemanticsKnowNothingOfItsRestLayer() {
        noClasses().that().resideInAPackage("io.cerulean.queue..").and().resideOutsideOfPackage("io.cerulean.queue.rest..")
                .should().dependOnClassesThat().resideInAPackage("io.cerulean.queue.rest..")
                .check(classes);
    }

    /**
     * cerulean bench measures Azurite and the real service the same way as Cerulean: through the
     * REST API alone, borrowing no code from the server it may be measuring.
     */
    @Test
    void theBenchIsAClientOfTheRestApiOnly() {
        noClasses().that().resideInAPackage("io.cerulean.bench..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.common..",
                        "io.cerulean.http..", "io.cerulean.queue..", "io.cerulean.blob..", "io.cerulean.storage..",
                        "io.cerulean.store..",
                        "io.cerulean.app..", "org.rocksdb..")
                .check(classes);
    }

    /**
     * The data tools move data in and out of Azure and Azurite as they do of Cerulean: through the
     * official SDKs alone, borrowing nothing of the server's.
     */
    @Test
    void theDataToolsAreClientsOfTheRestApiOnly() {
        noClasses().that().resideInAPackage("io.cerulean.tools..")
                .should().dependOnClassesThat().resideInAnyPackage("io.cerulean.table..", "io.cerulean.common..",
                        "io.cerulean.http..", "io.cerulean.rest..", "io.cerulean.queue..", "io.cerulean.blob..",
                        "io.cerulean.storage..", "io.cerulean.store..", "io.cerulean.app..", "io.cerulean.bench..",
                        "org.rocksdb..")
                .check(classes);
    }

    /**
     * Entity reads and writes pass through RequestContext, which holds each entity to the caller's
     * SAS permissions and key range; an operation calling the service directly would bypass that.
     */
    @Test
    void onlyTheRequestContextReadsOrWritesEntitiesThroughTheService() {
        noClasses().that().resideInAPackage("io.cerulean.table.rest..")
                .and().doNotHaveFullyQualifiedName("io.cerulean.table.rest.operations.RequestContext")
                .should().callMethodWhere(DescribedPredicate.describe(
                        "TableService.execute, readEntity or queryEntities",
                        call -> call.getTarget().getOwner().getName().equals("io.cerulean.table.service.TableService")
                                && Set.of("execute", "readEntity", "queryEntities")
                                        .contains(call.getTarget().getName())))
                .check(classes);
    }
}
