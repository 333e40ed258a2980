package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.cerulean.blob.error.BlobError;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.http.auth.BearerError;
import io.cerulean.queue.error.QueueError;
import io.cerulean.table.error.TableError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The error catalogues are a wire contract: the code a client reads in {@code x-ms-error-code} and
 * the status it comes with are what SDKs and callers branch on. Every service answers the shared
 * codes ({@link CommonError}, and the kernel's answers to bearer tokens, {@link BearerError}) and
 * its own; a code means one thing and one status, and lives in one catalogue. What each service
 * can answer is pinned below, so that changing a code or its status, or adding one, is a decision
 * seen in review rather than a side effect.
 */
class ErrorCatalogueTest {
    /** The codes every service answers, wherever the kernel or a service raises them. */
    private static final List<Class<? extends ErrorCode>> SHARED = List.of(CommonError.class, BearerError.class);
    /** Each service's own codes, by the service's name. */
    private static final Map<String, Class<? extends ErrorCode>> SERVICES = new TreeMap<>(
            Map.<String, Class<? extends ErrorCode>>of("blob", BlobError.class, "queue", QueueError.class, "table", TableError.class));
    /**
     * The codes answered with two statuses, as Azure does: InvalidAuthenticationInfo is a 400 for
     * a malformed Shared Key header and a 401, with a challenge, for a bearer token not accepted.
     */
    private static final Map<String, Set<Integer>> TWO_STATUSES = Map.of("InvalidAuthenticationInfo", Set.of(400, 401));
    /**
     * A service's own codes answered with several statuses: the Blob service's CannotVerifyCopySource
     * carries what reading the copy source met: 404 when it is not there, 403 when its authorization
     * does not let it be read, 409 for another refusal by a source served elsewhere, 500 when that
     * source cannot be reached in time.
     */
    private static final Map<String, Map<String, Set<Integer>>> OWN_STATUSES = Map.of("blob",
            Map.of("CannotVerifyCopySource", Set.of(403, 404, 409, 500)), "queue", Map.of(), "table", Map.of());

    /** The codes {@code service} answers with several statuses. */
    private static Map<String, Set<Integer>> severalStatuses(String service) {
        Map<String, Set<Integer>> all = new TreeMap<>(TWO_STATUSES);
        all.putAll(OWN_STATUSES.get(service));
        return all;
    }

    /** Every code a service can answer, its status, and the services that answer it: "code status services". */
    private static final String PINNED = """
            AllBatchSubRequestsShouldBeSameApi 400 blob
            AppendPositionConditionNotMet 412 blob
            AtomFormatNotSupported 415 table
            AuthenticationFailed 403 blob queue table
            AuthorizationFailure 403 blob queue table
            AuthorizationPermissionMismatch 403 blob queue table
            AuthorizationProtocolMismatch 403 blob queue table
            AuthorizationResourceTypeMismatch 403 blob queue table
            AuthorizationServiceMismatch 403 blob queue table
            AuthorizationSourceIPMismatch 403 blob queue table
            BlobAlreadyExists 409 blob
            BlobArchived 409 blob
            BlobBeingRehydrated 409 blob
            BlobIsSealed 409 blob
            BlobNotFound 404 blob
            BlockCountExceedsLimit 409 blob
            BlockListTooLong 400 blob
            BothCrc64AndMd5HeaderPresent 400 blob
            CannotVerifyCopySource 403 blob
            CannotVerifyCopySource 404 blob
            CannotVerifyCopySource 409 blob
            CannotVerifyCopySource 500 blob
            ConditionNotMet 412 blob
            ContainerAlreadyExists 409 blob
            ContainerNotFound 404 blob
            CopyIdMismatch 409 blob
            CorsPreflightFailure 403 blob queue table
            Crc64Mismatch 400 blob
            DuplicatePropertiesSpecified 400 table
            DuplicateTagNames 400 blob
            EmptyTagName 400 blob
            EntityAlreadyExists 409 table
            EntityTooLarge 400 table
            ExceedsMaxBatchRequestCount 400 blob
            IncrementalCopyBlobMismatch 409 blob
            IncrementalCopyOfEralierVersionSnapshotNotAllowed 409 blob
            IncrementalCopySourceMustBeSnapshot 409 blob
            InsufficientAccountPermissions 403 blob queue table
            InternalError 500 blob queue table
            InvalidAuthenticationInfo 400 blob queue table
            InvalidAuthenticationInfo 401 blob queue table
            InvalidBlobOrBlock 400 blob
            InvalidBlobTier 400 blob
            InvalidBlobType 409 blob
            InvalidBlockId 400 blob
            InvalidBlockList 400 blob
            InvalidDuplicateRow 400 table
            InvalidHeaderValue 400 blob queue table
            InvalidInput 400 blob queue table
            InvalidMd5 400 blob
            InvalidMetadata 400 blob queue table
            InvalidPageRange 416 blob
            InvalidQueryParameterValue 400 blob queue table
            InvalidRange 416 blob
            InvalidResourceName 400 blob queue table
            InvalidSourceBlobType 409 blob
            InvalidTag 400 blob
            InvalidUri 400 blob queue table
            InvalidValueType 400 table
            InvalidXmlDocument 400 blob queue table
            InvalidXmlNodeValue 400 blob queue table
            JsonFormatNotSupported 415 table
            KeyValueTooLarge 400 table
            LeaseAlreadyPresent 409 blob
            LeaseIdMismatchWithBlobOperation 412 blob
            LeaseIdMismatchWithContainerOperation 412 blob
            LeaseIdMismatchWithLeaseOperation 409 blob
            LeaseIdMissing 412 blob
            LeaseIsBreakingAndCannotBeAcquired 409 blob
            LeaseIsBreakingAndCannotBeChanged 409 blob
            LeaseIsBrokenAndCannotBeRenewed 409 blob
            LeaseLost 412 blob
            LeaseNotPresentWithBlobOperation 412 blob
            LeaseNotPresentWithContainerOperation 412 blob
            LeaseNotPresentWithLeaseOperation 409 blob
            MaxBlobSizeConditionNotMet 412 blob
            Md5Mismatch 400 blob
            MediaTypeNotSupported 415 table
            MessageNotFound 404 queue
            MetadataTooLarge 400 blob queue table
            MethodNotAllowed 405 blob queue table
            MissingRequiredHeader 400 blob queue table
            MissingRequiredQueryParameter 400 blob queue table
            NoAuthenticationInformation 401 blob queue table
            NoPendingCopyOperation 409 blob
            NotImplemented 501 blob queue table
            OperationNotAllowedOnIncrementalCopyBlob 409 blob
            OperationNotAllowedOnRootBlob 403 blob
            OperationTimedOut 500 blob queue table
            OutOfRangeInput 400 blob queue table
            OutOfRangeQueryParameterValue 400 blob queue table
            PopReceiptMismatch 400 queue
            PreviousSnapshotCannotBeNewer 400 blob
            PreviousSnapshotNotFound 409 blob
            PropertiesNeedValue 400 table
            PropertyNameInvalid 400 table
            PropertyNameTooLong 400 table
            PropertyValueTooLarge 400 table
            QueueAlreadyExists 409 queue
            QueueNotFound 404 queue
            RequestBodyTooLarge 413 blob queue table
            RequestHeaderFieldsTooLarge 431 blob queue table
            RequestTimeout 408 blob queue table
            ResourceNotFound 404 blob queue table
            SequenceNumberConditionNotMet 412 blob
            ServerBusy 503 blob queue table
            SnapshotsPresent 409 blob
            SourceConditionNotMet 412 blob
            TableAlreadyExists 409 table
            TableBeingDeleted 409 table
            TableNotFound 404 table
            TagsTooLarge 400 blob
            TooManyProperties 400 table
            UnsatisfiableCondition 400 blob
            UnsupportedHttpVerb 405 blob queue table
            UpdateConditionNotSatisfied 412 table
            XMethodIncorrectCount 400 table
            XMethodIncorrectValue 400 table
            XMethodNotUsingPost 400 table
            """;

    private static List<ErrorCode> entries(Class<? extends ErrorCode> catalogue) {
        return List.of(catalogue.getEnumConstants());
    }

    private static List<ErrorCode> shared() {
        return SHARED.stream().flatMap(c -> entries(c).stream()).toList();
    }

    /** What a client of {@code service} can be answered: the shared codes and the service's own. */
    private static List<ErrorCode> answeredBy(String service) {
        return Stream.concat(shared().stream(), entries(SERVICES.get(service)).stream()).toList();
    }

    private static String describe(ErrorCode code) {
        return ((Enum<?>) code).getDeclaringClass().getSimpleName() + "." + ((Enum<?>) code).name()
                + " (" + code.code() + ", " + code.status() + ")";
    }

    /** A catalogue not listed here would escape every rule below: each must be named shared or a service's. */
    @Test
    void everyCatalogueIsSharedOrAServices() {
        Set<String> found = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.cerulean").stream()
                .filter(c -> c.isAssignableTo(ErrorCode.class) && !c.getName().equals(ErrorCode.class.getName()))
                .map(JavaClass::getName).collect(Collectors.toCollection(TreeSet::new));
        Set<String> named = Stream.concat(SHARED.stream(), SERVICES.values().stream()).map(Class::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(found).isEqualTo(named);
    }

    /** Apart from the codes answered with two statuses, a code a service answers is named once in what it answers. */
    @Test
    void codesAreUniqueWithinEachService() {
        Map<String, List<List<String>>> twice = new TreeMap<>();
        for (String service : SERVICES.keySet()) {
            List<List<String>> named = answeredBy(service).stream()
                    .filter(e -> !severalStatuses(service).containsKey(e.code()))
                    .collect(Collectors.groupingBy(ErrorCode::code, TreeMap::new,
                            Collectors.mapping(ErrorCatalogueTest::describe, Collectors.toList())))
                    .values().stream().filter(entries -> entries.size() > 1).toList();
            if (!named.isEmpty()) {
                twice.put(service, named);
            }
        }
        assertThat(twice).as("codes named more than once in what a service answers").isEmpty();
    }

    /** A shared code repeated in a service's catalogue could drift from the shared one: the service uses the shared entry. */
    @Test
    void noServiceRepeatsASharedCode() {
        Set<String> sharedCodes = shared().stream().map(ErrorCode::code).collect(Collectors.toSet());
        List<String> repeated = SERVICES.values().stream().flatMap(c -> entries(c).stream())
                .filter(e -> sharedCodes.contains(e.code())).map(ErrorCatalogueTest::describe).toList();
        assertThat(repeated).as("shared codes repeated in a service's own catalogue").isEmpty();
    }

    @Test
    void eachCodeIsAnsweredWithOneStatusByEveryService() {
        Map<String, Map<String, Set<Integer>>> byService = new TreeMap<>();
        for (String service : SERVICES.keySet()) {
            Map<String, Set<Integer>> statuses = answeredBy(service).stream().collect(Collectors.groupingBy(ErrorCode::code,
                    TreeMap::new, Collectors.mapping(ErrorCode::status, Collectors.toCollection(TreeSet::new))));
            statuses.values().removeIf(s -> s.size() == 1);
            byService.put(service, statuses);
        }
        assertThat(byService).as("codes each service answers with more than one status")
                .isEqualTo(SERVICES.keySet().stream().collect(Collectors.toMap(s -> s, s -> severalStatuses(s))));
        Map<String, Set<Integer>> acrossServices = SERVICES.values().stream().flatMap(c -> entries(c).stream())
                .collect(Collectors.groupingBy(ErrorCode::code, TreeMap::new,
                        Collectors.mapping(ErrorCode::status, Collectors.toCollection(TreeSet::new))));
        acrossServices.values().removeIf(s -> s.size() == 1);
        OWN_STATUSES.values().forEach(own -> acrossServices.keySet().removeAll(own.keySet()));
        assertThat(acrossServices).as("codes two services answer with different statuses").isEmpty();
    }

    @Test
    void whatEachServiceAnswersIsPinned() {
        Map<String, Set<String>> servicesByAnswer = new TreeMap<>();
        for (String service : SERVICES.keySet()) {
            for (ErrorCode code : answeredBy(service)) {
                servicesByAnswer.computeIfAbsent(code.code() + " " + code.status(), a -> new TreeSet<>()).add(service);
            }
        }
        List<String> actual = new ArrayList<>();
        servicesByAnswer.forEach((answer, services) -> actual.add(answer + " " + String.join(" ", services)));
        assertThat(actual).containsExactlyElementsOf(PINNED.lines().toList());
    }
}
