package discordfake

import (
	"io"
	"net/http"
	"strings"
)

// demoThreadChoice is a thread the demo page's personas may write in.
type demoThreadChoice struct {
	ID, Label string
}

// demoThreadChoices lists the threads a member may post in (not locked), newest first.
// f.mu is held.
func (f *Fake) demoThreadChoices() []demoThreadChoice {
	var out []demoThreadChoice
	for _, parentID := range f.channelOrder {
		threads := f.threads[parentID]
		for i := len(threads) - 1; i >= 0; i-- {
			t := f.channels[threads[i]]
			if t.ThreadMetadata != nil && t.ThreadMetadata.Locked {
				continue
			}
			label := "#" + f.channels[parentID].Name + " › " + t.Name
			if t.ThreadMetadata != nil && t.ThreadMetadata.Archived {
				label += " (archivado)"
			}
			out = append(out, demoThreadChoice{ID: t.ID, Label: label})
		}
	}
	return out
}

// demoThreadPost posts a persona's message, with an optional file, in a thread from the
// demo page: the bot gets it as MESSAGE_CREATE, the file served by the fake's CDN.
func (f *Fake) demoThreadPost(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		http.Error(w, "formulario inválido", http.StatusBadRequest)
		return
	}
	userID, threadID := r.PostForm.Get("persona"), r.PostForm.Get("thread")
	content := strings.TrimSpace(r.PostForm.Get("content"))
	var files []Attachment
	if file, header, err := r.FormFile("file"); err == nil {
		data, err := io.ReadAll(file)
		_ = file.Close()
		if err != nil {
			http.Error(w, "no se pudo leer el archivo", http.StatusBadRequest)
			return
		}
		if header.Filename != "" && len(data) > 0 {
			files = append(files, Attachment{Name: header.Filename, ContentType: header.Header.Get("Content-Type"), Data: data})
		}
	}
	if content == "" && len(files) == 0 {
		http.Error(w, "escribe un mensaje o adjunta un archivo", http.StatusBadRequest)
		return
	}
	if len([]rune(content)) > 2000 {
		http.Error(w, "el mensaje no puede pasar de 2000 caracteres", http.StatusBadRequest)
		return
	}
	var size int64
	for _, a := range files {
		size += int64(len(a.Data))
	}
	f.mu.Lock()
	_, member := f.members[userID]
	t, ok := f.channels[threadID]
	thread := ok && t.IsThread() && (t.ThreadMetadata == nil || !t.ThreadMetadata.Locked)
	tooLarge := size > f.strict.uploadLimit
	if member && thread && !tooLarge && t.ThreadMetadata != nil && t.ThreadMetadata.Archived {
		// A member's message reopens an archived thread, as on Discord.
		t.ThreadMetadata.Archived = false
		t.ThreadMetadata.ArchiveTimestamp = f.now().UTC()
		f.broadcast("THREAD_UPDATE", mustJSON(t))
	}
	f.mu.Unlock()
	switch {
	case !member:
		http.Error(w, "esa persona no está en el servidor", http.StatusNotFound)
		return
	case !thread:
		http.Error(w, "ese hilo no existe o está bloqueado", http.StatusNotFound)
		return
	case tooLarge:
		http.Error(w, "el archivo supera el límite de subida del servidor", http.StatusRequestEntityTooLarge)
		return
	}
	f.PostUserMessage(threadID, userID, content, files...)
	w.Header().Set("Location", "../?publicado=1#escribir")
	w.WriteHeader(http.StatusSeeOther)
}
