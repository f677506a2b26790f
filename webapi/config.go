package webapi

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"zocalo/core/authz"
	"zocalo/internal/config"
)

type serverCard struct {
	config.ServerCard
	JoinURL string `json:"joinUrl"`
}

type publicConfig struct {
	CommunityName    string                       `json:"communityName"`
	RoleIDs          map[authz.Role]string        `json:"roleIds"`
	Groups           map[authz.Group][]authz.Role `json:"groups"`
	Social           map[string]string            `json:"social"`
	CommunityChatURL string                       `json:"communityChatUrl"`
	Servers          []serverCard                 `json:"servers"`
	Shop             []config.ShopSection         `json:"shop"`
	TimeZone         string                       `json:"timeZone"`
	Demo             bool                         `json:"demo"`
	Privacy          publicPrivacy                `json:"privacy"`
}

// publicPrivacy is what the privacy notice (/privacy-policy) shows of the configuration: who
// answers for the data and the terms of members' requests. The closures and the roles that
// answer the requests stay on the server.
type publicPrivacy struct {
	ResponsibleName    string `json:"responsibleName"`
	ResponsibleAddress string `json:"responsibleAddress"`
	ContactEmail       string `json:"contactEmail"`
	NoticeUpdated      string `json:"noticeUpdated"` // YYYY-MM-DD, "" when not configured
	ResponseDays       int    `json:"responseDays"`  // business days
	BlockingDays       int    `json:"blockingDays"`
}

// publicConfig gives the web what it must not hard-code. It holds nothing secret.
func (s *Server) publicConfig(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=60")
	c.Data(http.StatusOK, "application/json; charset=utf-8", s.publicConfigJSON())
}

// publicConfigOf is the public part of the configuration, as /api/config answers it and
// every page is served with (document_data.go).
func publicConfigOf(cfg *config.Config) publicConfig {
	roles := map[authz.Role]string{}
	for _, r := range authz.AllRoles {
		roles[r] = cfg.Roles[r]
	}
	servers := make([]serverCard, len(cfg.Servers))
	for i, sc := range cfg.Servers {
		servers[i] = serverCard{ServerCard: sc, JoinURL: joinURL(cfg, sc.Code)}
	}
	return publicConfig{
		CommunityName: cfg.CommunityName, RoleIDs: roles, Groups: authz.Groups,
		Social: map[string]string{"youtube": cfg.Social.YouTube, "x": cfg.Social.X,
			"instagram": cfg.Social.Instagram, "tiktok": cfg.Social.TikTok},
		CommunityChatURL: cfg.CommunityChatURL, Servers: servers, Shop: cfg.Shop,
		TimeZone: cfg.TimeZone, Demo: cfg.Demo,
		Privacy: publicPrivacy{ResponsibleName: cfg.Privacy.ResponsibleName, ResponsibleAddress: cfg.Privacy.ResponsibleAddress,
			ContactEmail: cfg.Privacy.ContactEmail, NoticeUpdated: cfg.Privacy.NoticeUpdated,
			ResponseDays: cfg.Privacy.ResponseDays, BlockingDays: cfg.Privacy.BlockingDays},
	}
}

// joinURL is the address that joins the game server of that code.
func joinURL(cfg *config.Config, code string) string {
	return strings.ReplaceAll(cfg.Game.JoinURLTemplate, "{code}", code)
}
