package personaldata

import "strings"

// columnLabels name the columns of the declared tables in Spanish, for the PDF a member reads;
// the JSON keeps the columns' own names, for programs.
var columnLabels = map[string]string{
	"accepted_terms": "Aceptó los términos", "action": "Acción", "active": "Activa", "actor_id": "ID de quien actuó",
	"actor_name": "Quién actuó", "after": "Después", "answer": "Respuesta", "answered_at": "Respondida el",
	"apellido": "Apellido", "api_key_id": "Clave de API", "area": "Área", "assignee_id": "ID de quien lo atiende",
	"assignee_name": "Atendido por", "at": "Fecha", "attempts": "Intentos", "author_id": "ID del autor",
	"author_name": "Autor", "avatar": "Avatar", "ballot_event_id": "Publicación de la votación", "before": "Antes",
	"bind_roles": "Roles por rango", "binds_checked_at": "Rangos leídos el", "birth_date": "Fecha de nacimiento",
	"blocked_at": "Bloqueado el", "body": "Mensaje", "bucket": "Límite", "business_id": "Negocio",
	"buyer_avatar": "Avatar del comprador", "buyer_discord_id": "ID del comprador", "buyer_username": "Comprador",
	"capped": "Cerrado por tope", "category": "Categoría", "channel_id": "Canal", "choice": "Voto", "closed_at": "Cerrado el",
	"content": "Contenido", "content_type": "Tipo de archivo", "created_at": "Creado el", "created_by": "Creado por",
	"created_by_name": "Creado por", "currency": "Moneda", "date": "Fecha", "decided_at": "Decidida el",
	"decided_by": "ID de quien decidió", "decided_by_name": "Decidida por", "delivered_at": "Entregado el",
	"description": "Descripción", "discord_id": "ID de Discord", "discord_message_id": "Mensaje de Discord",
	"discord_thread_id": "Hilo de Discord", "discount_bp": "Descuento (centésimas de %)", "dismiss_reason": "Motivo de la baja",
	"dismissed_at": "Baja el", "dismissed_by": "Baja dada por", "display_name": "Nombre visible", "due_at": "Plazo",
	"email": "Correo electrónico", "ended_at": "Terminó el", "ends_on": "Termina el", "entity_id": "Elemento",
	"entity_type": "Tipo de elemento", "estado": "Estado", "expires_at": "Vence el", "filed_at": "Presentada el",
	"filename": "Archivo", "final_price": "Precio final", "first_attempt_at": "Primer intento", "global_name": "Nombre global",
	"handled_by": "Atendida por", "hired_at": "Alta el", "hits": "Solicitudes", "id": "Número", "in_guild": "En el servidor",
	"inactive": "Inactivo", "initiative_id": "Iniciativa", "issued_at": "Emitido el", "item": "Artículo", "joined_at": "Entró el",
	"key": "Clave", "kind": "Tipo", "kept": "Se conserva", "last_error": "Último error", "last_login_at": "Último inicio de sesión",
	"last_message_at": "Último mensaje", "last_staff_at": "Última respuesta del staff", "last_used_at": "Último uso",
	"left_at": "Salió el", "location": "Ubicación", "logo_key": "Logotipo", "logo_type": "Tipo de logotipo",
	"member_id": "ID del miembro", "member_name": "Miembro", "message_id": "Mensaje", "minor": "Menor de edad",
	"municipio": "Municipio", "name": "Nombre", "next_attempt_at": "Próximo intento", "nick": "Apodo", "nombre": "Nombre",
	"notice_seen_at": "Aviso leído el", "number": "Número", "opposed": "Usos a los que te opusiste",
	"ordered_at": "Pedido el", "original_price": "Precio original", "owner_avatar": "Avatar del dueño",
	"owner_discord_id": "ID del dueño", "owner_name": "Dueño", "pais": "País", "payload": "Contenido", "pending": "Pendiente",
	"phone": "Teléfono", "picture": "Imagen", "post_event_id": "Publicación", "prefix": "Prefijo", "priority": "Prioridad",
	"publish_event_id": "Publicación", "rating": "Calificación", "reapplied_for": "Reaplicado", "reason": "Motivo",
	"request_id": "Solicitud", "resolved_at": "Resuelto el", "result": "Resultado", "reviewed_at": "Revisada el",
	"reviewed_by": "Revisada por", "revoked_at": "Revocada el", "rfc": "RFC", "roblox_key": "Usuario de Roblox (minúsculas)",
	"roblox_name": "Usuario de Roblox", "roblox_user_id": "ID de Roblox", "roblox_username": "Usuario de Roblox",
	"role_id": "Rol", "roles": "Roles", "seconds": "Segundos", "seen_at": "Visto el", "seller_id": "ID del vendedor",
	"seller_name": "Vendedor", "sender_avatar": "Avatar", "sender_id": "ID de quien escribió", "sender_name": "Escrito por",
	"sender_type": "Escrito por (tipo)", "sent_at": "Enviado el", "server": "Servidor", "shift_id": "Turno", "size": "Tamaño (bytes)",
	"source": "Origen", "started_at": "Empezó el", "starts_on": "Empieza el", "state": "Estado", "status": "Estado",
	"storage_key": "Archivo guardado", "subject": "Asunto", "summary": "Resumen", "suppress_at": "Se suprime el",
	"suppressed_at": "Suprimido el", "text": "Texto", "thread_event_id": "Publicación del hilo", "ticket_id": "Ticket",
	"time": "Hora", "title": "Título", "type": "Tipo", "updated_at": "Actualizado el", "updated_by": "Actualizado por",
	"user_id": "ID de usuario", "username": "Usuario", "uses": "Usos", "verified": "Verificado", "verified_at": "Verificado el",
	"viewed_at": "Vista el", "viewer_id": "ID de quien la vio", "void_reason": "Motivo de la anulación", "voided_at": "Anulado el",
	"voided_by": "Anulado por", "voting_enabled": "Votación abierta", "voting_end_date": "Cierre de la votación",
	"votes_abstention": "Abstenciones", "votes_against": "Votos en contra", "votes_in_favor": "Votos a favor",
	"window_start": "Desde", "event_id": "Entrega a Discord", "image_url": "Imagen", "blocked_attempts": "Intentos bloqueados",
	"panel": "Panel", "can_read": "Lectura", "can_modify": "Modificación", "can_manage": "Gestión",
	"first_staff_at": "Primera respuesta del staff", "worked_seconds": "Segundos trabajados",
	"last_server": "Último servidor", "folded_before": "Turnos sumados hasta", "week_start": "Semana de la suma", "week_seconds": "Segundos sumados de esa semana", "tickets": "Tickets",
}

// ColumnLabel is how the PDF names a column: its Spanish label, or its name in words.
func ColumnLabel(column string) string {
	if l, ok := columnLabels[column]; ok {
		return l
	}
	return strings.ReplaceAll(column, "_", " ")
}
