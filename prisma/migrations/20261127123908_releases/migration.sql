-- CreateTable
CREATE TABLE "ContractRelease" (
    "id" TEXT NOT NULL,
    "contractId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "version" TEXT NOT NULL,
    "notes" TEXT,
    "fileId" TEXT,
    "size" BIGINT,
    "sha256" TEXT,
    "recordCount" INTEGER,
    "profile" JSONB,
    "schemaDiff" JSONB,
    "schemaChange" BOOLEAN NOT NULL DEFAULT false,
    "publishedById" TEXT,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContractRelease_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ContractRelease_fileId_key" ON "ContractRelease"("fileId");

-- CreateIndex
CREATE INDEX "ContractRelease_contractId_publishedAt_idx" ON "ContractRelease"("contractId", "publishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ContractRelease_contractId_sequence_key" ON "ContractRelease"("contractId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "ContractRelease_contractId_version_key" ON "ContractRelease"("contractId", "version");

-- AddForeignKey
ALTER TABLE "ContractRelease" ADD CONSTRAINT "ContractRelease_contractId_fkey" FOREIGN KEY ("contractId") REFERENCES "Contract"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractRelease" ADD CONSTRAINT "ContractRelease_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "DataFile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractRelease" ADD CONSTRAINT "ContractRelease_publishedById_fkey" FOREIGN KEY ("publishedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The first file of every file listing becomes its release 1 (its latest data file, should it
-- have several), published when the listing was approved (or uploaded, if never reviewed).
INSERT INTO "ContractRelease" ("id", "contractId", "sequence", "version", "fileId", "size", "sha256", "recordCount", "profile", "publishedById", "publishedAt")
SELECT DISTINCT ON (f."contractId")
  gen_random_uuid()::text, f."contractId", 1, '1', f."id", f."size", f."sha256", c."recordCount", f."profile", c."providerId", COALESCE(c."reviewedAt", f."createdAt")
FROM "DataFile" f
JOIN "Contract" c ON c."id" = f."contractId"
WHERE f."kind" = 'data'
ORDER BY f."contractId", f."createdAt" DESC, f."id" DESC;
