package tickets

import "zocalo/core/storage"

// Attachment limits of the specification.
const (
	MaxFiles     = 5
	MaxFileBytes = 5 << 20
)

// Uploads are a message's files: checked from their bytes as they stream in, discarded
// whole when any breaks a rule.
type Uploads = storage.Batch

// AttachmentRules are a message's files; the web checks the same before sending.
var AttachmentRules = storage.BatchRules{
	MaxFiles: MaxFiles,
	Limits:   storage.Limits{MaxBytes: MaxFileBytes, Types: []string{"image/jpeg", "image/png", "image/gif"}},
	TooMany:  "No puedes adjuntar más de 5 archivos",
	TooLarge: "Los siguientes archivos exceden el límite de 5MB: ",
	BadType:  "Solo se permiten imágenes JPEG, PNG o GIF: ",
}

// NewUploads starts an empty batch.
func (s *Service) NewUploads() *Uploads { return storage.NewBatch(s.files, "tickets", AttachmentRules) }
